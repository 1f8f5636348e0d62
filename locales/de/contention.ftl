### The "contention" page, German.
### The experiment of Marc Brooker's "Exponential Backoff And Jitter" (AWS
### Architecture Blog), run by the build. Every figure is a variable (see
### locales/en/contention.ftl and TRANSLATING.md). Terms as in the
### calculator: "Full Jitter", "Equal Jitter" (and "Decorrelated Jitter"),
### as German developers say; a "call" is "Aufruf". A figure and its unit
### are joined by a no-break space.

# The page's H1 and <title>.
title = Jitter bei Schreibkonflikten: das AWS-Experiment

# Meta description: plain text, one sentence.
description = Viele Clients konkurrieren um eine Datenbankzeile, simuliert beim Build: wie Jitter Aufrufe und Zeit gegenüber exponentiellem Backoff ohne Jitter senkt.

# Short label for links to this page.
nav-label = Jitter bei Schreibkonflikten

# Introduction (Markdown).
intro =
    Wenn viele Clients im selben Moment scheitern und nach demselben Zeitplan wiederholen, kollidieren sie wieder und wieder. Exponentieller Backoff allein verteilt ihre Wiederholungen zeitlich, zieht sie aber nicht auseinander: Dafür braucht es Jitter, der jede Verzögerung zufällig zieht.

    Marc Brooker hat das im AWS Architecture Blog in „Exponential Backoff And Jitter“ mit einer kleinen Simulation gezeigt. Diese Seite führt dasselbe Experiment bei jedem Build der Website aus und stellt die Ergebnisse grafisch dar.

# Heading of the model section (plain text).
model-heading = Das Experiment

# The model of the experiment (Markdown: a paragraph, a bulleted list, a paragraph).
model =
    Das Modell stammt aus dem Simulator, den der Beitrag auf GitHub bereitstellt, `aws-samples/aws-arch-backoff-simulator` (Datei `src/backoff_simulator.py`, Commit `66cb169`):

    - { $clients-min } bis { $clients-max } Clients starten gleichzeitig, und jeder will dieselbe Datenbankzeile einmal aktualisieren, mit optimistischer Nebenläufigkeitskontrolle: Er liest die Version der Zeile und schreibt dann unter der Bedingung, dass sie sich nicht geändert hat. Ist ihm der Schreibvorgang eines anderen Clients zuvorgekommen, schlägt das Schreiben fehl; der Client wartet seinen Backoff ab und beginnt mit erneutem Lesen von vorn.
    - Jede Nachricht, Anfrage wie Antwort, braucht eine zufällige Zeit: den Betrag einer normalverteilten Größe mit Mittelwert { $latency-mean } ms und Standardabweichung { $latency-sd } ms.
    - Die Strategien sind die des Beitrags, mit einer Basisverzögerung von { $base } ms und einer Obergrenze von { $cap-seconds } s: gar kein Backoff; exponentieller Backoff ohne Jitter, dessen Wartezeit nach jedem Fehlschlag mit { $multiplier } multipliziert wird, bis zur Obergrenze; *Equal Jitter*, die Hälfte dieser Wartezeit plus ein zufälliger Anteil der anderen Hälfte; *Full Jitter*, eine zufällige Wartezeit zwischen null und dieser Wartezeit; und *Decorrelated Jitter*, eine zufällige Wartezeit zwischen der Basisverzögerung und dem { $factor }-Fachen der vorigen, bis zur Obergrenze.
    - Ein *Aufruf* ist ein Schreibvorgang, der die Zeile erreicht, ob erfolgreich oder nicht. Die *Abschlusszeit* ist der Moment, in dem der letzte Client erfährt, dass sein Schreiben gelungen ist.

    Jede Strategie läuft für jede Anzahl von Clients { $runs }-mal, die Diagramme zeigen die Mittelwerte. Die Simulation rechnet derselbe Kern, der die Zahlen des Rechners liefert, mit einem Zufallsgenerator mit festem Startwert: Mit dem Startwert `{ $seed }` ergibt jeder Build auf jedem Computer dieselben Zahlen.

# Heading of the calls section (plain text).
calls-heading = Arbeit: Aufrufe nach Anzahl der Clients

# What the calls chart shows (Markdown).
calls =
    Je mehr Clients konkurrieren, desto mehr Schreibvorgänge scheitern und werden wiederholt. Bei { $clients-max } Clients waren ohne Backoff im Mittel { $none-calls } Aufrufe nötig, mit exponentiellem Backoff ohne Jitter kaum weniger: { $exponential-calls }. Warten alle gleich lange, verschiebt Backoff die Kollisionen nur. Full Jitter erledigte dieselbe Arbeit mit { $full-calls } Aufrufen: { $full-percent-of-none } % der Aufrufe ohne Backoff und { $full-percent-of-exponential } % derer mit exponentiellem Backoff ohne Jitter.

# The chart's accessible name (plain text).
calls-chart-label = Mittlere Anzahl der Aufrufe nach Anzahl der Clients, eine Linie je Strategie

# Title of the chart's value axis (plain text, short).
calls-axis = Aufrufe im Mittel

# The chart's text alternative (Markdown, inline).
calls-chart-summary = Bei { $clients-max } Clients: ohne Backoff { $none-calls } Aufrufe, exponentiell ohne Jitter { $exponential-calls }, Equal Jitter { $equal-calls }, Full Jitter { $full-calls }, Decorrelated Jitter { $decorrelated-calls }. Bei jeder Strategie wachsen die Aufrufe schneller als die Zahl der Clients.

# Caption of the chart's data table (plain text).
calls-table-caption = Mittlere Anzahl der Aufrufe über { $runs } Durchläufe

# Heading of the completion section (plain text).
completion-heading = Zeit: Abschluss nach Anzahl der Clients

# What the completion chart shows (Markdown).
completion =
    Backoff kostet Zeit, und exponentieller Backoff ohne Jitter zahlt den höchsten Preis für den geringsten Nutzen: Bei { $clients-max } Clients war sein letzter Client im Mittel erst nach { $exponential-seconds } s fertig, ohne Backoff dagegen nach { $none-seconds } s. Die Strategien mit Jitter liegen dazwischen: Decorrelated Jitter nach { $decorrelated-seconds } s, Full Jitter nach { $full-seconds } s und Equal Jitter nach { $equal-seconds } s. Die Zeitachse ist logarithmisch: Jede Stufe ist zehnmal so groß wie die vorige.

# The chart's accessible name (plain text).
completion-chart-label = Mittlere Abschlusszeit nach Anzahl der Clients, eine Linie je Strategie, logarithmische Skala

# Title of the chart's value axis (plain text, short).
completion-axis = Mittlere Abschlusszeit, s

# The chart's text alternative (Markdown, inline).
completion-chart-summary = Bei { $clients-max } Clients, logarithmische Skala: ohne Backoff { $none-seconds } s, exponentiell ohne Jitter { $exponential-seconds } s, Equal Jitter { $equal-seconds } s, Full Jitter { $full-seconds } s, Decorrelated Jitter { $decorrelated-seconds } s.

# Caption of the chart's data table (plain text).
completion-table-caption = Mittlere Abschlusszeit in Sekunden über { $runs } Durchläufe

# Heading of the herd section (plain text).
herd-heading = Die Herde (Thundering Herd)

# What the herd chart shows (Markdown).
herd =
    Wohin die Arbeit geht, zeigt ein Durchlauf mit { $herd-clients } Clients: Jeder Balken zählt die Schreibvorgänge, die die Zeile in { $herd-bucket } ms erreichten. Anfangs sehen alle Strategien gleich aus: Alle Clients starten zugleich, und die ersten Wartezeiten sind so kurz wie die Verzögerungen im Netz. Dann trennen sich ihre Wege.

    Exponentieller Backoff ohne Jitter hält seine Herde zusammen: Clients, die gemeinsam gescheitert sind, warten gleich lang und kommen gemeinsam zurück – in Schüben mit immer größeren Abständen, nach den ersten { $herd-after } ms (gestrichelte Linie) mit bis zu { $exponential-peak } Schreibvorgängen in { $herd-bucket } ms. Nach { $herd-window-seconds } s war die Herde noch immer am Werk: { $exponential-beyond } weitere Schreibvorgänge, bis ihr letzter Client nach { $exponential-herd-seconds } s durchkam. Ohne Backoff halten die Clients nie inne (bis zu { $none-peak } Schreibvorgänge in { $herd-bucket } ms) und sind bald fertig, um den Preis der meisten Aufrufe.

    Mit Jitter verteilen sich dieselben Clients. Nach den ersten { $herd-after } ms gab es mit Full Jitter nie mehr als { $full-peak } Schreibvorgänge in { $herd-bucket } ms, mit Equal Jitter { $equal-peak } und mit Decorrelated Jitter { $decorrelated-peak }.

# The chart's accessible name (plain text).
herd-chart-label = Schreibvorgänge je { $herd-bucket } ms im Zeitverlauf, { $herd-clients } Clients, ein Feld je Strategie

# Title of the panels' time axis (plain text, short).
herd-axis-time = Zeit, s

# Title of the panels' value axis (plain text, short).
herd-axis-writes = Schreibvorgänge je { $herd-bucket } ms

# The chart's text alternative (Markdown, inline).
herd-chart-summary = Fünf Teildiagramme, eines je Strategie, über die ersten { $herd-window-seconds } s. Alle beginnen mit demselben Schub; nach den ersten { $herd-after } ms waren es höchstens so viele Schreibvorgänge in { $herd-bucket } ms: ohne Backoff { $none-peak }, exponentiell ohne Jitter { $exponential-peak } (in Schüben mit immer größeren Abständen), Equal Jitter { $equal-peak }, Full Jitter { $full-peak }, Decorrelated Jitter { $decorrelated-peak }.

# Caption of the chart's data table (plain text).
herd-table-caption = Schreibvorgänge je { $herd-bucket } ms, ein Durchlauf mit { $herd-clients } Clients

# Header of the herd table's first column (plain text).
herd-table-bucket = Ab, ms

# Heading of the findings section (plain text).
findings-heading = Was es zeigt

# The findings, next to the post's conclusions (Markdown).
findings =
    Die Zahlen bestätigen die Schlüsse des Beitrags:

    - Die beiden Strategien ohne Jitter machen die meiste Arbeit. Jitter halbiert sie ungefähr: Full Jitter brauchte { $full-calls } Aufrufe, wo ohne Backoff { $none-calls } nötig waren.
    - Exponentieller Backoff ohne Jitter ist der klare Verlierer: fast so viel Arbeit wie ohne Backoff und mit Abstand die längste Wartezeit, { $exponential-times-full ->
        [one] ebenso lang
       *[other] { $exponential-times-full }-mal so lang
    } wie mit Full Jitter.
    - Full und Equal Jitter leisten etwa dieselbe Arbeit ({ $full-calls } und { $equal-calls } Aufrufe), doch Equal Jitter braucht länger ({ $equal-seconds } s gegenüber { $full-seconds } s). Decorrelated Jitter braucht mehr Aufrufe ({ $decorrelated-calls }) und weniger Zeit ({ $decorrelated-seconds } s).
    - Keine Strategie ändert die Natur des Problems: Von { $clients-min } auf { $clients-max } Clients, { $clients-growth }-mal so viele, wuchsen die Aufrufe mit Full Jitter auf das { $full-growth }-Fache und ohne Backoff auf das { $none-growth }-Fache. Backoff mildert die Konkurrenz um eine Zeile; beseitigen kann er sie nicht.

    Die Zahlen stimmen nicht bis auf die letzte Stelle mit denen des Beitrags überein, weil die Zufallszahlen andere sind, doch die Reihenfolge der Strategien ist dieselbe, auch bei anderen Startwerten: `backoff-site simulate` führt das Experiment mit Ihrem eigenen Startwert aus.

# Names of the strategies in the legends, labels and tables (plain text).
strategy-none = Ohne Backoff
strategy-exponential = Exponentiell
strategy-equal = Equal Jitter
strategy-full = Full Jitter
strategy-decorrelated = Decorrelated Jitter

# Title of the line charts' client axis (plain text, short).
axis-clients = Clients

# Label of the control that opens a chart's data table (plain text).
table-show = Die Zahlen des Diagramms als Tabelle

# Header of the first column of the line charts' tables (plain text).
table-clients = Clients
