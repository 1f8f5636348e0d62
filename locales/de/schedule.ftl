### The "schedule" page, German (the source language of this page).
### Source: the German page "Exponentiellen Backoff-Zeitplan für Wiederholungen berechnen".
### The schedule is unit-agnostic (milliseconds, seconds or plain units), and
### the maximum delay must be greater than zero: zero is refused on this page.
### Messages are Markdown unless noted otherwise; figures always come from
### variables formatted by the build.
### Terms: "Full Jitter" = full jitter, "Equal Jitter" = equal jitter (English
### terms, as German documentation uses them; explained once in the formula section).

# The page's H1 and <title>.
title = Zeitplan für Wiederholungen mit exponentiellem Backoff

# Meta description: plain text, one sentence.
description = Deterministischer Zeitplan mit exponentiellem Backoff in beliebiger Zeiteinheit: die Wartezeit vor jeder Wiederholung, begrenzt durch eine maximale Verzögerung.

# Short label for links to this page.
nav-label = Zeitplan für Wiederholungen

# Introduction (Markdown).
intro =
    Geben Sie die Wartezeit vor der ersten Wiederholung, den Wachstumsmultiplikator, die maximale Verzögerung und die Anzahl der Wiederholungen an. Das Ergebnis zeigt die Wartezeit vor jeder Wiederholung in derselben Zeiteinheit.

    Damit können Sie Konfigurationen prüfen, Clientverhalten dokumentieren, Richtlinien vergleichen und übermäßig lange Wiederherstellungsfenster vor dem Produktiveinsatz erkennen.

# Heading of the "how to use" section.
how-to-heading = Die Richtlinie in einer Einheit angeben

# How to use the schedule calculator (Markdown bulleted list, then one short paragraph).
how-to =
    - Wählen Sie eine zum konfigurierten System passende Einheit, etwa Millisekunden oder Sekunden, und verwenden Sie sie für alle Verzögerungen. Der Rechner schreibt keine Einheit vor, weil exponentieller Backoff in jeder Einheit derselben Arithmetik folgt.
    - Geben Sie die Basisverzögerung ein, also die Wartezeit vor der ersten Wiederholung. Sie muss größer als null sein.
    - Geben Sie den Multiplikator ein, mindestens eins. Er bestimmt, wie schnell die noch nicht begrenzte Verzögerung wächst: Zwei verdoppelt jede folgende Wartezeit, eins erzeugt ein gleichbleibendes Intervall.
    - Geben Sie die maximale Verzögerung in derselben Einheit ein. Sie muss größer als null sein.
    - Geben Sie die Anzahl der Wiederholungen ein, eine ganze Zahl zwischen eins und eintausend. Die ursprüngliche Anfrage zählt nicht mit: Bei fünf erhalten Sie fünf Einträge mit den Nummern eins bis fünf.
    - Arbeitet Ihre Anwendung mit Millisekunden, kennzeichnen Sie kopierte Ergebnisse entsprechend, damit sie später nicht als Sekunden gelesen werden.

    Diese Regeln sorgen dafür, dass der Zeitplan sinnvoll und die Ausgabe überschaubar bleibt.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = Auf dieser Seite muss die maximale Verzögerung größer als null sein; null wird abgelehnt.

# Heading of the formula section.
formula-heading = Wachstum und Obergrenze

# Formula section (Markdown).
# { $delay-formula }, { $decorrelated-formula } and { $timeline-formula } are display formulas provided by the build; keep each on a line of its own.
# Inline math must not contain braces: $d(n)$ is the delay before retry $n$.
formula =
    { $delay-formula }

    Für Wiederholung $n$ ergibt sich die unbegrenzte Verzögerung aus der Basisverzögerung mal Multiplikator hoch $n - 1$. Der Zeitplan verwendet den kleineren der beiden Werte: dieses Ergebnis oder die maximale Verzögerung. Die Grenze gilt auch dann, wenn sie unter der Basisverzögerung liegt. Dieses Verhalten setzt eine strikte Obergrenze um und macht ungewöhnliche Einstellungen sichtbar, statt sie stillschweigend umzuschreiben.

    Die Berechnung geht schrittweise vor, bildet keine unbegrenzte Potenz und stoppt das Wachstum, sobald die Grenze erreicht ist. So liefern selbst sehr große Multiplikatoren ein deterministisches Ergebnis, und in das JSON-Ergebnis gelangt nie ein unendlicher Wert.

    Der Zeitplan selbst ist deterministisch: Er zeigt die zugrunde liegende Richtlinie, und jede Art von Jitter verhält sich anders zu ihm. Full Jitter zieht die Verzögerung vor Wiederholung $n$ zufällig im Intervall $[0; d(n)]$, Equal Jitter im Intervall $[d(n)/2; d(n)]$: Beide überschreiten den Zeitplan nie, er bleibt also die Obergrenze jeder Wartezeit. Proportionaler Jitter mit dem Faktor $f$ zieht im Intervall $[(1 - f) d(n); (1 + f) d(n)]$, also um den Zeitplan herum, sodass eine Wartezeit ihn überschreiten kann; der Jitter von Polly folgt einer eigenen Formel. Welche Art Sie auch wählen, Tabelle und Summen geben den kürzesten, mittleren und längsten Wert an. Prüfen Sie, welche Regel Ihre Bibliothek anwendet, bevor Sie den Zeitplan als Obergrenze lesen.

    Decorrelated Jitter, wie ihn der [AWS Architecture Blog](https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/) definiert, folgt dieser Formel nicht. Jede Pause wird gleichverteilt zwischen der Basisverzögerung und dem Dreifachen der vorigen Pause gezogen und dann auf das Maximum gekürzt; die vorige Pause beginnt bei der Basisverzögerung, der Multiplikator spielt keine Rolle:

    { $decorrelated-formula }

    Dabei ist $U$ ein Wert, der gleichverteilt zwischen den beiden Grenzen in seinen Klammern gezogen wird. Weil jede Pause von der vorigen abhängt, bestimmt der Rechner die Perzentile von Decorrelated Jitter nicht exakt, sondern mit einer Simulation mit festem Startwert, die auf jedem Computer dasselbe Ergebnis liefert.

    Ein Timeout ist die Zeit, die ein Versuch laufen darf, bevor er als gescheitert gilt. Versuch $k + 1$ (Wiederholung $k$) beginnt, wenn $k$ Versuche ihr Timeout ausgeschöpft haben und $k$ Verzögerungen vergangen sind:

    { $timeline-formula }

    Die Deadline zählt ab dem Beginn des ersten Versuchs. Mit Timeout oder Deadline zeigt der Rechner für jeden Versuch den frühesten Beginn, den Median und den spätesten Beginn, stellt sie im Diagramm der Deadline gegenüber und sagt, wie oft die letzte Wiederholung danach beginnt.

# Word for the delay function in the display formula (plain text).
formula-delay = Verzögerung

# Word for the maximum delay in the display formula (plain text).
formula-max = Maximum

# Word for the first delay in the display formula (plain text).
formula-base = Basisverzögerung

# Word for the multiplier in the display formula (plain text).
formula-multiplier = Multiplikator

# Heading of the examples section.
example-heading = Beispiele

# First example (Markdown): how the delay grows and then stays at the maximum. No unit.
# $base - first delay; $multiplier; $max - maximum delay; $retries (number) - how many retries
# $delays - list of all the delays, joined with "und"
example-growth =
    Eine Basisverzögerung von { $base }, der Multiplikator { $multiplier } und ein Maximum von { $max } ergeben bei { $retries ->
        [one] { $retries } Wiederholung
       *[other] { $retries } Wiederholungen
    } beispielsweise die Verzögerungen { $delays }: Ist die Grenze erreicht, wartet jede weitere Wiederholung erneut { $max }.

# Second example (Markdown): a maximum below the first delay. No unit.
# $base - first delay; $max - maximum delay (smaller than $base); $retries (number) - how many retries
# $delays - list of all the delays (each equal to $max), joined with "und"
example-cap-below-base =
    Bei einer Basisverzögerung von { $base } und einem Maximum von { $max } beträgt jede Verzögerung schon ab der ersten Wiederholung { $max }: { $retries ->
        [one] { $retries } Wiederholung ergibt
       *[other] { $retries } Wiederholungen ergeben
    } { $delays }.

# Heading of the tips section.
tips-heading = Den Zeitplan einsetzen, ohne eine Wiederholungswelle auszulösen

# Tips (Markdown: a bulleted list, then a paragraph).
# Inline code shows real command lines; keep them as they are.
tips =
    - Prüfen Sie, bevor Sie eine Richtlinie ausrollen, wie lange der gesamte Zeitplan dauert. Eine kurze Basisverzögerung mag harmlos wirken, doch ein hoher Multiplikator bringt spätere Versuche schnell an die Obergrenze und kann die gesamte Wiederherstellung erheblich verlängern.
    - Vergleichen Sie die einzelnen Wartezeiten mit Anfrage-Timeouts, Sichtbarkeits-Timeouts von Warteschlangen, dem Zurücksetzen von Ratenbegrenzungen und der für Ihre Benutzer maximal zumutbaren Dauer.
    - Der Zeitplan enthält nur die Wartezeiten vor Wiederholungen; die Laufzeit der ursprünglichen Anfrage und die Arbeit während jedes fehlgeschlagenen Versuchs sind nicht enthalten. Addieren Sie diese Zeiten separat, um den vollständigen ungünstigsten Fall abzuschätzen.
    - In verteilten Systemen können deterministische Zeitpläne dazu führen, dass viele Clients nach einem gemeinsamen Ausfall ihre Anfragen gleichzeitig wiederholen. Clients im Produktivbetrieb ergänzen deshalb oft begrenzten Jitter und behalten den berechneten Zeitplan als Obergrenze (Full oder Equal Jitter) oder als Mittelwert (proportionaler Jitter) bei.

    Der Rechner sendet keine Anfragen, wartet nicht, kontaktiert keinen Dienst und bewertet keine Fehler. Er berechnet ausschließlich den Zeitplan, ohne Netzwerkzugriff oder gespeicherten Zustand. Die Automatisierung kostet nichts, eine kostenpflichtige API gibt es nicht: Die Schaltflächen „JSON kopieren“ und „JSON herunterladen“ liefern den Zeitplan als JSON, und `backoff-site`, das quelloffene Kommandozeilenwerkzeug, das diese Website erzeugt, gibt dasselbe Dokument aus, zum Beispiel mit `cargo run -- schedule --base 250 --multiplier 2 --max 2000 --retries 5` in seinem Quellordner.

# Heading of the FAQ section.
faq-heading = Häufige Fragen

# FAQ question; .answer is the answer (Markdown).
faq-counts-original = Zählt die Anzahl der Wiederholungen die ursprüngliche Anfrage mit?
    .answer =
        Nein. Gezählt werden nur Wiederholungen, und jeder Eintrag ist die Wartezeit vor einer von ihnen. Die ursprüngliche Anfrage kommt zuerst, ohne Wartezeit davor.

        Diese klare Unterscheidung verhindert einen häufigen Zählfehler in Runbooks und Konfigurationsreviews.

# FAQ question; .answer is the answer (Markdown).
faq-never-infinite = Warum liefert die Berechnung nie einen unendlichen Wert?
    .answer =
        Sie geht schrittweise vor: Jede Verzögerung ist die vorherige mal Multiplikator, und sobald eine Verzögerung das Maximum erreicht, stoppt das Wachstum. Eine unbegrenzte Potenz wird nie berechnet, daher bleibt der Zeitplan selbst bei sehr großen Multiplikatoren deterministisch und endlich.

        Da die maximale Verzögerung auf dieser Seite größer als null sein muss, hat jede Verzögerung eine endliche Obergrenze. Sollte eine Gesamtwartezeit dennoch zu groß für die Berechnung werden, meldet der Rechner das am Eingabefeld, statt einen unendlichen Wert anzuzeigen.

# Word for a pause of decorrelated jitter in the display formula (plain text).
formula-sleep = Pause

# Word for the start of an attempt in the display formula (plain text).
formula-start = Beginn

# Word for the timeout per attempt in the display formula (plain text).
formula-timeout = Timeout

# Percentiles example (Markdown): the schedule of the first example with full jitter. No unit.
# $total - the longest total wait; $mean-total-full - the mean total wait with full jitter
# $p50, $p90, $p99 (numbers) - the percentiles named: 50, 90 and 99; $total-p50, $total-p90, $total-p99 - the total wait at each
example-percentiles =
    Die Summen sagen, wie lange ein Durchlauf dauern kann, nicht wie lange er meist dauert. Mit Full Jitter liegt die Gesamtwartezeit desselben Zeitplans zwischen null und { $total }, im Mittel { $mean-total-full }. Mehr sagen die Perzentile: Die Hälfte der Durchläufe wartet höchstens { $total-p50 } (der Median, P{ $p50 }), neun von zehn höchstens { $total-p90 } (P{ $p90 }) und alle bis auf einen von hundert höchstens { $total-p99 } (P{ $p99 }). Planen Sie das Budget für Wiederholungen nach P{ $p99 }: Die längste Gesamtwartezeit, { $total }, ist eine Grenze, die kaum ein Durchlauf erreicht.
