### The "defaults" page, German.
### The retry defaults of widely used libraries side by side; figures come
### from variables formatted by the build. Terms: retry = Wiederholung,
### attempt = Versuch, cap = Grenze.

# The page's H1 and <title>.
title = Standardwerte für Wiederholungen in Bibliotheken
# Meta description: plain text, one sentence.
description = Was das AWS-SDK für Python, gRPC, Polly, tenacity und andere standardmäßig tun, wenn ein Aufruf fehlschlägt – mit berechneten Wartezeiten.
# Short label for links to this page.
nav-label = Standardwerte der Bibliotheken

intro =
    Kaum ein Team entwirft seine Wiederholungsrichtlinie selbst: Man übernimmt sie von der Clientbibliothek. Diese Seite stellt die Standardwerte verbreiteter Bibliotheken und Protokolle nebeneinander, samt der Wartezeit, die jede insgesamt ergibt. Drei Unterschiede sorgen am häufigsten für böse Überraschungen: ob die Zahl *Versuche* (den ersten Aufruf eingeschlossen) oder *Wiederholungen* zählt, ob die Grenze vor oder nach dem Jitter greift und ob ein Timeout einen einzelnen Versuch oder den ganzen Vorgang begrenzt.

presets-heading = Die Standardwerte im Vergleich
presets =
    Jede Zeile ist die Standardrichtlinie einer Bibliothek, wie sie der Rechenkern beim Erstellen der Website berechnet; geht die Regel einer Bibliothek über das hinaus, was der Zeitplan der Website ausdrückt, zeigt die Zeile den nächstliegenden Zeitplan, und eine Anmerkung darunter nennt den Unterschied. Sofern nicht anders gekennzeichnet: „Beispielwerte“ steht für das dokumentierte Beispiel einer Bibliothek, die keine Standardwerte hat oder standardmäßig nie wartet; „Opt-in“ für die Standardwerte eines Verhaltens, das erst über einen Schalter aktiviert wird. Die Summen addieren alle Wartezeiten ohne die Aufrufe selbst; wo der Jitter zufällig ist, ist P{ $percentile } die Summe, unter der { $percentile } % der Durchläufe bleiben. Richtlinien ohne Grenze oder mit Zeitlimit werden mit einer beispielhaften Anzahl von Wiederholungen gezeigt.

defaults-caption = Standardwerte für Wiederholungen und Gesamtwartezeit
defaults-column-library = Bibliothek
defaults-column-counting = Zählt
defaults-column-policy = Verzögerungen
defaults-column-jitter = Jitter
defaults-column-min = Gesamtwartezeit, kürzeste
defaults-column-mean = Gesamtwartezeit, mittlere
defaults-column-max = Gesamtwartezeit, längste
defaults-column-p99 = Gesamtwartezeit, P{ $percentile }
defaults-column-schedule = Zeitplan
defaults-column-source = Quelle
defaults-source = Quelltext
defaults-policy = ab { $base }, Multiplikator { $multiplier }, ohne Grenze, Wiederholungen: { $retries }
defaults-policy-capped = ab { $base }, Multiplikator { $multiplier }, höchstens { $cap }, Wiederholungen: { $retries }
defaults-sparkline = Mittlere Verzögerungen: { $delays }
preset-counts-attempts = { $count ->
    [one] { $count } Versuch
   *[other] { $count } Versuche
}
preset-counts-retries = { $count ->
    [one] { $count } Wiederholung
   *[other] { $count } Wiederholungen
}
preset-counts-unlimited = unbegrenzt
preset-counts-time = Zeitlimit

# The version a preset was read in (plain text): a commit of the main
# branch after a release, a specification as of a date (YYYY-MM-DD), the
# main branch.
preset-version-main-after = main nach { $release }
preset-version-as-of = Stand { $date }
preset-version-main = Branch main

# The mark of a row whose figures are not the library's plain defaults
# (plain text): its documented example, or defaults behind a switch.
defaults-values-example = Beispielwerte
defaults-values-opt-in = Opt-in

preset-differs-polynomial = Die Verzögerungen wachsen polynomiell; die Zeile ist die bestmögliche geometrische Näherung.

family-python-heading = Python
family-python =
    tenacity und `urllib3` zählen verschieden: tenacity wiederholt ohne Abbruchbedingung endlos (`stop_after_attempt` zählt *Versuche*), `total` in `urllib3` zählt *Wiederholungen*. botocore zählt Versuche und begrenzt die Verzögerung vor dem Jitter, eine Wartezeit ist also nie länger als die Grenze. Sein neueres Verhalten, nur mit `AWS_NEW_RETRIES_2026=true` eingeschaltet, beginnt bei allen Fehlern außer Drosselung mit einer viel kürzeren Basisverzögerung und beachtet den Header `x-amz-retry-after` des Servers. Von diesen Bibliotheken hört standardmäßig nur der Google-API-Client nach einer Gesamtfrist auf: Bei den anderen müssen Sie selbst eine festlegen.
family-java-heading = Java
family-java =
    `maxAttempts` in `resilience4j` und in Spring Retry schließt den ersten Aufruf ein: Drei Versuche sind zwei Wiederholungen. Beide fügen standardmäßig keinen Jitter hinzu und begrenzen die Dauer eines Versuchs nicht: Die [Retry-Einstellungen](https://github.com/resilience4j/resilience4j/blob/af9e7c979f17804f23cc1b76dd7cf268fb58b5c7/resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java#L35-L70) von `resilience4j` kennen kein Zeitlimit (das ist ein eigener [`TimeLimiter`](https://github.com/resilience4j/resilience4j/blob/af9e7c979f17804f23cc1b76dd7cf268fb58b5c7/resilience4j-timelimiter/src/main/java/io/github/resilience4j/timelimiter/TimeLimiterConfig.java#L14)), und [`TimeoutRetryPolicy`](https://github.com/spring-projects/spring-retry/blob/c8977dda2d97c6d73719a5413761cee5e91de34b/src/main/java/org/springframework/retry/policy/TimeoutRetryPolicy.java#L94-L108) in Spring Retry zählt ab dem ersten Versuch, begrenzt also den ganzen Vorgang. Begrenzen Sie jeden Versuch über das Timeout des HTTP-Clients. Kafka-Clients begrenzen nach dem Jitter und hören bei `delivery.timeout.ms` auf – einer Gesamtfrist, nicht einem Timeout je Versuch.
family-dotnet-heading = .NET
family-dotnet =
    `MaxRetryAttempts` in Polly zählt *Wiederholungen* zusätzlich zum ersten Aufruf. Das Timeout ist eine eigene Strategie, und [sein Platz in der Pipeline](https://github.com/App-vNext/Polly/blob/3e2164e50b7dcd2021c95470a6b80a0c032607c5/docs/pipelines/index.md#L294-L308) entscheidet, was es begrenzt: nach der Wiederholung in die Pipeline eingefügt (also innerhalb), begrenzt es jeden einzelnen Versuch; davor hinzugefügt (also außen herum), gilt ein Timeout für alle Versuche zusammen.
family-go-heading = Go
family-go =
    cenkalti/backoff hört nach einer Gesamtzeit statt nach einer Anzahl auf und begrenzt die Verzögerung vor dem Jitter. Spätere Hauptversionen behalten diese Verzögerungen, verlagern das Zeitlimit aber aus der Richtlinie in die `Retry`-Option `WithMaxElapsedTime` (gleicher Standardwert); daneben gibt es `WithMaxTries`, standardmäßig unbegrenzt. Die Workqueue von client-go wiederholt endlos und schickt jedes Element zusätzlich durch einen Ratenbegrenzer.
family-rust-heading = Rust
family-rust =
    backon zählt *Wiederholungen* (die gelieferten Verzögerungen) und fügt ohne ausdrückliche Einstellung keinen Jitter hinzu.
family-ruby-heading = Ruby
family-ruby =
    In Sidekiq wachsen die Verzögerungen polynomiell mit der Nummer der Wiederholung, der Jitter kommt hinzu: Die Zeile zeigt den bestmöglich angenäherten geometrischen Zeitplan, dessen Ausläufer über Wochen reichen.
family-javascript-heading = JavaScript
family-javascript =
    Die Stripe-SDKs zählen *Wiederholungen* und warten auch mit Jitter nie kürzer als eine feste Untergrenze: die Basisverzögerung in Python, die doppelte Basisverzögerung in Node.js, wo die ersten beiden Wiederholungen daher gleich lange warten.
family-protocol-heading = Protokolle und Proxys
family-protocol =
    Die Wiederholungsrichtlinie von gRPC zählt *Versuche* (`maxAttempts`, den ersten Aufruf eingeschlossen), sein Verbindungs-Backoff hört nie auf. Envoy zieht ganze Millisekunden.
