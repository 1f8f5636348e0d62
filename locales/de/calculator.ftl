### The "calculator" page, German.
### Source: the Russian page "Калькулятор экспоненциальной задержки (backoff)".
### The calculator on this page works in milliseconds, and a maximum delay
### of zero means "no limit". Messages are Markdown unless noted otherwise;
### figures always come from variables formatted by the build.
### Terms: "Full Jitter" = full jitter, "Equal Jitter" = equal jitter (English
### terms, as German documentation uses them; explained once on the page)
### (matching the option labels jitter-full / jitter-equal in site.ftl).

# The page's H1 and <title>.
title = Rechner für exponentiellen Backoff

# Meta description: plain text, one sentence.
description = Verzögerung vor jeder Wiederholung, Gesamtwartezeit und die Wirkung von Full oder Equal Jitter: ein Rechner für exponentiellen Backoff im Browser.

# Short label for links to this page.
nav-label = Backoff-Rechner

# Introduction (Markdown).
intro =
    Geben Sie Basisverzögerung, Multiplikator, maximale Verzögerung und Anzahl der Wiederholungen ein – und Sie sehen, welchem Zeitplan Ihre Wiederholungsschleife folgt, wie lange eine Anfrage insgesamt warten kann und wie Full oder Equal Jitter das verändert.

    Das Ergebnis ändert sich, während Sie tippen.

# Heading of the "how to use" section.
how-to-heading = So verwenden Sie den Rechner

# How to use the calculator (Markdown bulleted list).
how-to =
    - Geben Sie die Basisverzögerung in Millisekunden und den Multiplikator ein (zwei verdoppelt die Verzögerung jedes Mal).
    - Legen Sie die maximale Verzögerung (null bedeutet: keine Obergrenze) und die Anzahl der Wiederholungen fest.
    - Wählen Sie die Art des Jitters und lesen Sie Tabelle und Summen ab.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = Auf dieser Seite bedeutet eine maximale Verzögerung von null: keine Obergrenze.

# Heading of the formula section.
formula-heading = Formel

# Formula section (Markdown).
# { $delay-formula }, { $decorrelated-formula } and { $timeline-formula } are display formulas provided by the build; keep each on a line of its own.
# Inline math must not contain braces: $d(n)$ is the delay before retry $n$.
formula =
    { $delay-formula }

    Mit Full Jitter ist die tatsächliche Verzögerung zufällig im Intervall $[0; d(n)]$, mit Equal Jitter im Intervall $[d(n)/2; d(n)]$; dabei ist $d(n)$ die Verzögerung vor Wiederholung $n$ nach der Formel oben. Eine maximale Verzögerung von null bedeutet keine Obergrenze: Die Verzögerung wird dann nie gekürzt, wie groß sie auch wird.

    Die Summen addieren jeweils den kürzesten, den mittleren und den längsten Wert jeder Wiederholung.

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

# Heading of the worked example section.
example-heading = Rechenbeispiel

# The worked example (Markdown). All delays are in seconds ("s").
# $base - first delay; $multiplier; $max - maximum delay; $retries (number) - how many retries
# $uncapped-delays - list of the delays the maximum did not limit; $uncapped-count (number)
# $capped-retries - list of the retry numbers whose delay was cut to the maximum; $capped-count (number)
# $capped-nominal-delays - list of what the formula gives for those retries before the cap
# $first-capped-retry (number) - the first of them
# $sum - the delays written out as a sum; $total - the longest total wait
# $total-human - that total, rounded and humanized in this language
# $mean-total-full - the mean total wait with full jitter
example-main =
    Basisverzögerung { $base } s, Multiplikator { $multiplier }, Maximum { $max } s, { $retries ->
        [one] { $retries } Wiederholung
       *[other] { $retries } Wiederholungen
    }: { $uncapped-count ->
        [one] Die Verzögerung vor der ersten Wiederholung beträgt
       *[other] Die Verzögerungen betragen
    } { $uncapped-delays } s. { $capped-count ->
        [one] Vor Wiederholung { $capped-retries } werden { $capped-nominal-delays } s
       *[other] Vor den Wiederholungen { $capped-retries } werden { $capped-nominal-delays } s
    } auf { $max } s gekürzt.

    Die längste Gesamtwartezeit beträgt { $sum } = { $total } s und wird gerundet als { $total-human } angezeigt. Mit Full Jitter ist die mittlere Gesamtwartezeit halb so lang: { $mean-total-full } s.

# Heading of the tips section.
tips-heading = Tipps

# Tips (Markdown bulleted list).
tips =
    - Hat der Server einen `Retry-After`-Header gesendet, wiederholen Sie nie früher, als er verlangt, aber begrenzen Sie, was Sie akzeptieren (siehe die Seite zur Praxis).
    - Begrenzen Sie die Schleife nicht nur über die Anzahl der Wiederholungen, sondern auch über eine Gesamtfrist (Deadline).
    - Protokollieren Sie die Nummer des Versuchs, damit Sie im Produktivbetrieb sehen, wie oft Wiederholungen vorkommen.

# Heading of the FAQ section.
faq-heading = Häufige Fragen

# FAQ question; .answer is the answer (Markdown).
faq-what-is-backoff = Was ist exponentieller Backoff?
    .answer =
        Eine Wiederholungsrichtlinie, bei der jede Pause länger ist als die vorherige, meist doppelt so lang. Ein gestörter Dienst bekommt eine Atempause, und die Clients überhäufen ihn nicht mit Wiederholungen.

        Die Verzögerung vor Wiederholung $n$ ist die Basisverzögerung mal Multiplikator hoch $n - 1$, höchstens aber das Maximum.

# FAQ question; .answer is the answer (Markdown).
faq-why-jitter = Warum Jitter hinzufügen?
    .answer =
        Erhalten viele Clients gleichzeitig einen Fehler, lässt ein identischer Zeitplan sie auch gleichzeitig wiederholen. Jitter (eine zufällige Streuung) verteilt sie zeitlich.

        Full Jitter wählt eine zufällige Verzögerung zwischen null und dem berechneten Wert; Equal Jitter behält die Hälfte der berechneten Verzögerung bei und macht die andere Hälfte zufällig.

# FAQ question; .answer is the answer (Markdown).
faq-which-max-delay = Welche maximale Verzögerung sollte ich wählen?
    .answer = Das hängt davon ab, wie lange der Aufrufer warten kann. Bei interaktiven Anfragen liegt das Maximum meist bei wenigen Sekunden, und nach wenigen Wiederholungen wird aufgegeben; Hintergrundaufgaben können minutenlang warten. Vergleichen Sie die Gesamtwartezeit mit Ihrer Deadline, oder geben Sie Deadline und Timeout je Versuch im Formular ein: Der Rechner zeigt dann, wie oft die letzte Wiederholung nach der Deadline begänne.

# FAQ question; .answer is the answer (Markdown). The HTTP status codes stay as digits.
faq-retry-every-error = Sollte man die Anfrage bei jedem Fehler wiederholen?
    .answer =
        Nein. Wiederholen Sie Anfragen bei Timeouts, Verbindungsfehlern und Antworten wie 429 oder 503, die auf ein vorübergehendes Problem hinweisen. Fehler wie 400 oder 404 treten einfach erneut auf.

        Wiederholen Sie nur Vorgänge, die sich gefahrlos erneut ausführen lassen, oder machen Sie sie zuerst idempotent.

# Word for a pause of decorrelated jitter in the display formula (plain text).
formula-sleep = Pause

# Word for the start of an attempt in the display formula (plain text).
formula-start = Beginn

# Word for the timeout per attempt in the display formula (plain text).
formula-timeout = Timeout

# Percentiles example (Markdown): the schedule of the first example with full jitter. All delays are in seconds ("s").
# $total - the longest total wait; $mean-total-full - the mean total wait with full jitter
# $p50, $p90, $p99 (numbers) - the percentiles named: 50, 90 and 99; $total-p50, $total-p90, $total-p99 - the total wait at each
example-percentiles =
    Die Summen sagen, wie lange ein Durchlauf dauern kann, nicht wie lange er meist dauert. Mit Full Jitter liegt die Gesamtwartezeit desselben Zeitplans zwischen null und { $total } s, im Mittel { $mean-total-full } s. Mehr sagen die Perzentile: Die Hälfte der Durchläufe wartet höchstens { $total-p50 } s (der Median, P{ $p50 }), neun von zehn höchstens { $total-p90 } s (P{ $p90 }) und alle bis auf einen von hundert höchstens { $total-p99 } s (P{ $p99 }). Planen Sie das Budget für Wiederholungen nach P{ $p99 }: Die längste Gesamtwartezeit, { $total } s, ist eine Grenze, die kaum ein Durchlauf erreicht.
