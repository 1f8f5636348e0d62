### Site-wide strings of backoff-site, German.
### Shared by every page: site chrome, the calculator widget, the schedule
### table, humanized durations, error messages and the 404 page.
### Numbers always arrive as variables, already formatted by the build:
### never type a computed figure into a message.

## Site chrome

# The site's name, shown in the header and in every <title>.
site-name = Backoff-Planer

# A page's <title>: the page's own title, then the site's name, with the
# separator your language uses there (a spaced dash, not a hyphen).
# $title - the page's title; $site - the site's name
page-title = { $title } – { $site }

# What the calculator needs, for search engines' structured data (plain text).
calculator-requirements = Erfordert JavaScript und WebAssembly

# The name of this language in this language, shown in the language switcher.
language-name = Deutsch

# Text of the "skip to main content" link for keyboard users.
skip-to-content = Zum Inhalt springen

# Link to this language's home page.
nav-home = Startseite

# Accessible label (aria-label) of the language switcher navigation.
language-switcher-label = Sprache

# Accessible label of the in-page table of contents.
section-contents = Auf dieser Seite

## Home page

# The home page's H1 and <title>.
home-title = Exponentieller Backoff – erklärt und berechnet

# Meta description of the home page: plain text, one sentence.
home-description = Erklärseiten zum exponentiellen Backoff mit einem Rechner, der die Verzögerung vor jeder Wiederholung und die Gesamtwartezeit zeigt.

# Introduction on the home page (Markdown).
home-intro =
    Exponentieller Backoff verteilt Wiederholungen über die Zeit: Jede Wartezeit vor einem neuen Versuch ist länger als die vorherige, bis das Maximum erreicht ist. Ein gestörter Dienst bekommt Luft, und Ihre Clients überhäufen ihn nicht mit Wiederholungen.

    Die Seiten unten erklären die Formel und berechnen einen Zeitplan für Wiederholungen direkt in Ihrem Browser – mit oder ohne Jitter.

# Heading above the list of pages on the home page.
home-pages-heading = Seiten

# The dash between a page's name and its description in a list (the home page, the language chooser), with its spaces as the language sets them; the quotes keep the spaces.
list-dash = { " – " }

## Schedule table (worked example and calculator)

# Caption of the schedule table.
# $retries (number) - how many retries the table lists.
table-caption =
    { $retries ->
        [one] Zeitplan für { $retries } Wiederholung
       *[other] Zeitplan für { $retries } Wiederholungen
    }

# Column header: the number of the retry.
table-retry = Wiederholung

# Column header: the delay before that retry.
table-delay = Verzögerung

# Column header: whether the maximum delay limited this delay (cells: capped-yes / capped-no).
table-capped = Begrenzt?

# Column header: the total wait from the original request up to this retry.
table-cumulative = Gesamtwartezeit

# Column header: the mean delay before this retry when jitter is on.
table-mean = Mittlere Verzögerung

# Column header: the shortest to longest delay before this retry when jitter is on.
table-range = Spanne

# Cell text in the "Capped?" column: the maximum limited this delay.
capped-yes = ja

# Cell text in the "Capped?" column: the delay is below the maximum.
capped-no = nein

## Units

# Abbreviation shown after a figure in milliseconds.
unit-ms = ms

# Abbreviation shown after a figure in seconds.
unit-s = s

# Word shown after a figure that has no time unit (the "units" choice).
unit-units = Einheiten

# Option label in the unit selector: milliseconds.
unit-ms-name = Millisekunden

# Option label in the unit selector: seconds.
unit-s-name = Sekunden

# Option label in the unit selector: figures without a unit.
unit-units-name = Ohne Einheit

## Humanized durations
## All variables are numbers already formatted by the build. Keep the
## abbreviations short; no plural forms are needed.

# A duration under one minute.
# $seconds (number, may be fractional) - e.g. 45,75
duration-seconds = { $seconds } s

# A duration from one minute to under one hour.
# $minutes (number), $seconds (number) - e.g. 1 and 32
duration-minutes-seconds = { $minutes } min { $seconds } s

# A duration from one hour to under one day.
# $hours (number), $minutes (number) - e.g. 2 and 5
duration-hours-minutes = { $hours } h { $minutes } min

# A duration of one day or more.
# $days (number), $hours (number), $minutes (number) - e.g. 3, 0 and 7
duration-days-hours-minutes = { $days } d { $hours } h { $minutes } min

# A duration whose other parts are zero (they are left out). $minutes (number) - e.g. 2
duration-minutes = { $minutes } min

# A duration whose other parts are zero (they are left out). $hours (number) - e.g. 19
duration-hours = { $hours } h

# A duration whose other parts are zero (they are left out). $days (number) - e.g. 3
duration-days = { $days } d

# A duration whose other parts are zero (they are left out). $days (number), $hours (number) - e.g. 3 and 4
duration-days-hours = { $days } d { $hours } h

# A duration whose other parts are zero (they are left out). $days (number), $minutes (number) - e.g. 3 and 7
duration-days-minutes = { $days } d { $minutes } min

## Calculator widget

# Heading of the calculator section.
calculator-heading = Rechner

# Shown instead of the calculator when JavaScript or WebAssembly is unavailable.
calculator-needs-js = Der Rechner benötigt JavaScript und WebAssembly; ohne sie zeigt die Tabelle unten den Zeitplan seiner Standardwerte.

# Field label: the delay before the first retry.
calc-base-label = Basisverzögerung

# Hint under the first-delay field.
calc-base-hint = Wartezeit vor der ersten Wiederholung; größer als null.

# Field label: the growth factor between consecutive delays.
calc-multiplier-label = Multiplikator

# Hint under the multiplier field.
calc-multiplier-hint = Mindestens eins; zwei verdoppelt jede Verzögerung.

# Field label: the largest delay allowed.
calc-max-label = Maximale Verzögerung

# Hint under the maximum-delay field on pages where zero means "no limit".
calc-max-hint-unlimited = Null bedeutet: keine Obergrenze.

# Hint under the maximum-delay field on pages where the maximum is required.
calc-max-hint-positive = Muss größer als null sein.

# Field label: the number of retries after the original request.
calc-retries-label = Wiederholungen

# Hint under the retries field.
calc-retries-hint = Wiederholungen nach der ursprünglichen Anfrage: eine ganze Zahl von eins bis tausend.

# Label of the switch after the retries field: whether its number counts the retries or all attempts.
calc-count-label = Gezählt werden

# Option of that switch: retries after the original request.
calc-count-retries = Wiederholungen nach der ursprünglichen Anfrage

# Option of that switch: attempts, the original request included (one more than the retries).
calc-count-attempts = Versuche einschließlich der ursprünglichen Anfrage

# Label of the retries field when the switch counts attempts.
calc-attempts-label = Versuche

# Hint under the field when the switch counts attempts.
calc-attempts-hint = Alle Versuche einschließlich der ursprünglichen Anfrage: eine ganze Zahl von zwei bis tausendeins.

# Shown when the number of attempts is not a whole number in range.
# $min, $max (numbers) - the fewest and the most attempts
error-attempts = Geben Sie eine ganze Zahl von { $min } bis { $max } Versuchen ein.

# Label of the jitter selector.
calc-jitter-label = Jitter

# Jitter option: no randomness, every delay is exactly the computed one.
jitter-none = Ohne
# The same kind in a table cell of the defaults page (plain text).
jitter-none-cell = Ohne
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-none-inline = kein Jitter

# Jitter option ("full jitter"): random delay between zero and the computed delay.
jitter-full = Full Jitter
# The same kind in a table cell of the defaults page (plain text).
jitter-full-cell = Full Jitter
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-full-inline = Full Jitter

# Jitter option ("equal jitter"): half of the computed delay is kept, the other half is random.
jitter-equal = Equal Jitter
# The same kind in a table cell of the defaults page (plain text).
jitter-equal-cell = Equal Jitter
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-equal-inline = Equal Jitter

# Jitter option: the delay varies evenly by up to a share of itself either way (the share is the jitter factor).
jitter-proportional = Proportionaler Jitter
# The same kind in a table cell of the defaults page (plain text); $percent is the factor as a percentage, such as 20.
jitter-proportional-cell = ±{ $percent } % der Verzögerung
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-proportional-inline = proportionaler Jitter

# Label of the jitter factor field (proportional jitter only).
calc-factor-label = Jitter-Faktor

# Hint under the jitter factor field.
calc-factor-hint = Um welchen Anteil jede Verzögerung nach oben und unten schwanken darf; größer als null und höchstens eins. Die maximale Verzögerung gilt vor dem Jitter.

# Label of the unit selector.
calc-unit-label = Einheit

# Result label: the shortest possible total wait.
calc-total-min = Kürzeste Gesamtwartezeit

# Result label: the mean total wait.
calc-total-mean = Mittlere Gesamtwartezeit

# Result label: the longest possible total wait.
calc-total-max = Längste Gesamtwartezeit

# Button: copy the schedule as JSON to the clipboard.
calc-copy-json = JSON kopieren

# Button: download the schedule as a JSON file.
calc-download-json = JSON herunterladen

# Short confirmation after the JSON was copied.
calc-copied = Kopiert

# Shown over the result while an input is invalid.
calc-stale = Dieses Ergebnis ist veraltet, weil eine Eingabe ungültig ist. Korrigieren Sie sie, um das Ergebnis zu aktualisieren.

# Shown beside a field when its figure, valid in this page’s notation, means another figure in the notation of another language of the site (“30.000” is 30 in English, 30,000 in German).
# $value - the figure as this page read it, in its notation
calc-read-as = Gelesen als { $value } – in der Zahlenschreibweise dieser Seite.

# Shown under a field, which is then disabled, while the kind of jitter chosen does not use it (the multiplier under decorrelated jitter and Polly's jitter, whose delays grow by formulas of their own).
calc-field-unused = Diese Art von Jitter verwendet dieses Feld nicht: Ihre Verzögerungen wachsen nach einer eigenen Formel.

# Shown over the result while the module that computes the chosen kind of jitter is still loading (every input is valid).
calc-stale-loading = Dieses Ergebnis gilt für die zuletzt berechneten Eingaben: Der Teil des Rechners, der diese Art von Jitter berechnet, wird noch geladen.

# Shown over the result when the module that computes the chosen kind of jitter could not be loaded (every input is valid).
calc-stale-load-failed = Dieses Ergebnis gilt für die zuletzt berechneten Eingaben: Der Teil des Rechners, der diese Art von Jitter berechnet, konnte nicht geladen werden. Laden Sie die Seite neu, um es noch einmal zu versuchen.

# Accessible name of the chart of delays.
calc-chart-label = Diagramm der Verzögerung vor jeder Wiederholung

## Calculator errors, shown next to the field concerned

# The field does not contain a number.
error-not-a-number = Geben Sie eine Zahl ein.

# The first delay is zero or negative.
error-base = Die Basisverzögerung muss größer als null sein.

# The multiplier is below one.
error-multiplier = Der Multiplikator muss mindestens eins sein.

# The jitter factor is not greater than zero and at most one.
error-jitter-factor = Der Jitter-Faktor muss größer als null und höchstens eins sein.

# The maximum delay is not positive, on pages where it is required.
error-max-delay = Die maximale Verzögerung muss größer als null sein.

# The maximum delay is negative, on pages where zero means "no limit".
error-max-delay-unlimited = Die maximale Verzögerung muss null oder größer sein; null bedeutet: keine Obergrenze.

# The number of retries is out of range or not whole.
# $min (number) - the fewest retries allowed; $max (number) - the most.
error-retries = Geben Sie eine ganze Zahl von { $min } bis { $max } ein.

# Without a maximum, a delay grew too large to compute.
# $retry (number) - the retry at which it happened.
error-delay-overflow = Die Verzögerung vor Wiederholung { $retry } wird zu groß, um sie zu berechnen. Legen Sie eine maximale Verzögerung fest.

# The total wait grew too large to compute.
# $retry (number) - the retry at which it happened.
error-total-overflow = Die Gesamtwartezeit bis Wiederholung { $retry } ist zu groß, um sie zu berechnen. Verringern Sie die maximale Verzögerung.

## Footer

# Privacy promise in the footer.
footer-privacy = Keine Cookies, kein Tracking: Nichts, was Sie eingeben, verlässt Ihren Browser.

# One sentence in the footer (Markdown, inline code allowed).
footer-json = Denselben Zeitplan als JSON liefert die Kommandozeile: `backoff-site schedule`.

## Not-found page

# Title of the 404 page.
not-found-title = Seite nicht gefunden

# Text of the 404 page (Markdown). The template adds a link to the home page; do not write URLs.
not-found-text = Unter dieser Adresse gibt es keine Seite. Vielleicht wurde sie verschoben, oder die Adresse enthält einen Tippfehler.

## Calculator: reading numbers as typed

# A figure written in another notation than the page's, or ambiguously (a comma or point where this language does not put one).
# $example - a figure in this page's notation, with digit groups and decimals.
error-notation = Schreiben Sie die Zahl wie auf dieser Seite: mit Komma vor den Nachkommastellen und, wenn Sie möchten, Punkten zwischen den Tausendern, etwa { $example }.

# A figure too large to compute with.
# $max - the largest figure accepted.
error-too-large = Diese Zahl ist zu groß: Geben Sie höchstens { $max } ein.

# A delay smaller than the smallest figure the table can show.
# $min - the smallest delay accepted (other than zero where zero means no limit).
error-too-small = Diese Zahl ist zu klein: Die Tabelle zeigt Verzögerungen ab { $min }.

# Name of the region in which the calculator's table scrolls sideways on narrow screens (plain text).
calc-table-label = Tabelle des Zeitplans der Wiederholungen

# A duration of one year (365 days) or more, under a thousand years.
# $years (number), $days (number) - e.g. 2 and 45
duration-years-days = { $years } a { $days } d

# A duration of a thousand years or more.
# $years (number) - e.g. 3170
duration-years = { $years } a

## Calculator chart

# Legend: the shaded band from the shortest to the longest delay under jitter.
calc-chart-band = Spanne der Verzögerung mit Jitter

# Legend: the line of the mean delay under jitter.
calc-chart-mean = Mittlere Verzögerung

# Said after the chart's summary when its vertical scale is logarithmic (one sentence).
calc-chart-log = Die senkrechte Achse ist logarithmisch, damit Wachstum und Plateau beide sichtbar sind.

# The chart in words, when no delay reaches the maximum.
# $first - the first delay with its unit; $last - the last delay with its unit.
calc-chart-summary = Die Verzögerungen wachsen von { $first } auf { $last }.

# The chart in words, when the maximum cuts the delays.
# $first, $last - the first and last delays with their unit; $retry - the first retry whose delay is cut.
calc-chart-summary-capped = Die Verzögerungen wachsen von { $first } auf { $last } und werden ab Wiederholung { $retry } durch das Maximum begrenzt.

# The chart in words, when every delay is the same (a multiplier of 1, or a first delay at the maximum).
# $first - that delay with its unit.
calc-chart-summary-constant = Jede Verzögerung beträgt { $first }.

## Calculator presets

# Label of the selector that fills the form with a library’s defaults (plain text).
calc-preset-label = Mit den Vorgaben einer Bibliothek beginnen
# The selector’s first option: the reader’s own values.
calc-preset-own = Eigene Richtlinie
# Status beside the selector once a field no longer holds the chosen library’s value (plain text, one word or two).
calc-preset-modified = geändert
# The selector’s groups (plain text).
# The label of each preset of content/presets.toml (plain text); $name is the
# library's own name.
preset-aws-standard = AWS-SDK für Python ({ $name }), Wiederholungsmodus „standard“
preset-aws-standard-2026 = AWS-SDK für Python ({ $name }), Wiederholungsmodus „standard“, neueres Verhalten
preset-grpc-connection = gRPC-Verbindungs-Backoff ({ $name })
preset-grpc-retry-policy = gRPC-Wiederholungsrichtlinie ({ $name })
preset-google-api-core = Google-API-Client für Python ({ $name })
preset-gax-go = Google-API-Client für Go ({ $name } Backoff)
preset-polly = { $name }, Wiederholungen (RetryStrategyOptions)
preset-polly-jitter = { $name }, exponentieller Backoff mit Jitter
preset-resilience4j = { $name }-Wiederholungen (Retry)
preset-spring-retry = { $name }, Wiederholung mit ExponentialBackOffPolicy
preset-spring-retryable = { $name }, Wiederholung mit @Retryable
preset-finagle = { $name }, Wiederholungen mit MethodBuilder
preset-tenacity = { $name }, wait_exponential()
preset-urllib3 = { $name }-Wiederholungen (Retry)
preset-celery = { $name }, Wiederholung eines Tasks
preset-celery-backoff = { $name }, automatische Wiederholung mit retry_backoff=True
preset-sidekiq = { $name }, Wiederholung eines Jobs
preset-cenkalti-backoff = { $name } ExponentialBackOff
preset-backon = { $name } ExponentialBuilder
preset-client-go-workqueue = Kubernetes { $name } workqueue, Standard-Ratenbegrenzer des Controllers
preset-envoy = { $name }, Wiederholungsrichtlinie einer Route
preset-kafka = { $name }-Clients, Wiederholungsverzögerung (retry.backoff)
preset-stripe-python = Stripe-SDK für Python ({ $name })
preset-stripe-node = Stripe-SDK für Node.js ({ $name })
preset-go-retryablehttp = HashiCorp { $name }

calc-preset-group-python = Python
calc-preset-group-java = Java und Scala
calc-preset-group-dotnet = .NET
calc-preset-group-go = Go
calc-preset-group-rust = Rust
calc-preset-group-ruby = Ruby
calc-preset-group-javascript = JavaScript
calc-preset-group-protocol = Protokolle und Proxys
# What the chosen library counts (plain text). $count is the library’s number, $retries the calculator’s.
calc-preset-attempts = { $count ->
    [one] { $count } Versuch
   *[other] { $count } Versuche
} einschließlich des ersten Aufrufs: { $retries ->
    [one] { $retries } Wiederholung.
   *[other] { $retries } Wiederholungen.
}
calc-preset-retries = { $retries ->
    [one] { $retries } Wiederholung nach dem ersten Aufruf.
   *[other] { $retries } Wiederholungen nach dem ersten Aufruf.
}
calc-preset-unlimited = Die Zahl der Wiederholungen ist unbegrenzt; der Rechner zeigt { $retries }.
calc-preset-time = Hört nach einem Zeitlimit auf, nicht nach einer Anzahl; der Rechner zeigt { $retries } Wiederholungen.
# What the calculator cannot express of the chosen library (plain text, one sentence each).
calc-preset-differs-unlimited = Hört nie nach einer Anzahl auf; die Tabelle zeigt nur die ersten Wiederholungen.
calc-preset-differs-time-limit = Hört nach einer Gesamtzeit auf, nicht nach einer Zahl von Wiederholungen.
calc-preset-differs-retry-quota = Ein Kontingent oder Ratenbegrenzer kann Wiederholungen ablehnen oder mit zusätzlicher Verzögerung belegen.
calc-preset-differs-first-delay-unjittered = Die Basisverzögerung kommt ohne Jitter; erst die späteren Verzögerungen bekommen ihn.
calc-preset-differs-immediate-first-retry = Die erste Wiederholung folgt sofort; die weiteren folgen den gezeigten Verzögerungen.
calc-preset-differs-whole-units = Verzögerungen werden in ganzen Sekunden oder Millisekunden gezogen.
calc-preset-differs-polynomial = Die Verzögerungen wachsen polynomiell; der Zeitplan ist die bestmögliche geometrische Näherung.
calc-preset-differs-additive-jitter = Der Jitter wird zur Verzögerung addiert, in einer Spanne, die mit jeder Wiederholung wächst.
calc-preset-differs-cap-after-jitter = Die Grenze greift auch nach dem Jitter, keine Verzögerung überschreitet sie; im Zeitplan dieser Seite können Verzögerungen durch den Jitter dagegen über der Grenze liegen.
calc-preset-differs-floor-at-first-delay = Keine Verzögerung ist kürzer als die Basisverzögerung.
calc-preset-differs-floor-at-twice-first-delay = Keine Verzögerung ist kürzer als die doppelte Basisverzögerung, daher warten die ersten beiden Wiederholungen genau so lange.
calc-preset-differs-floor-at-previous-delay = Keine Verzögerung ist kürzer als die vorherige.
calc-preset-differs-retry-after-header = Ein retry-after-Header des Servers kann eine Verzögerung verlängern, in festen Grenzen.
calc-preset-differs-throttling-longer = Wiederholungen nach einer Drosselung (throttling) beginnen mit einer längeren Basisverzögerung.

## Calculator: the policy as code

# Summary of the collapsible part that shows the policy as library configuration (plain text).
calc-code-heading = Als Code
# Plain text, above the snippets.
calc-code-intro = Die Richtlinie des Rechners als Konfiguration verbreiteter Bibliotheken für Wiederholungen (Verzögerungen in Millisekunden); der Code folgt dem Formular, während Sie es ändern. Der Code ist in jeder Sprache derselbe; nur die Kommentare sind übersetzt.
# A comment at the top of each snippet (plain text; becomes a code comment).
calc-code-comment = Wiederholungsrichtlinie aus dem Backoff-Rechner.
# A second comment when the library cannot reproduce the schedule exactly (plain text; becomes a code comment).
calc-code-differs = Nicht genau der Zeitplan des Rechners: siehe die Hinweise über dem Code.
# Shown above a snippet that reproduces the schedule (plain text).
calc-code-exact = Ergibt genau den Zeitplan des Rechners.
# How a library’s schedule differs from the calculator’s (plain text, one sentence each).
# $multiplier, $percent - numbers; $jitter - a jitter kind’s name; $delay, $library, $core, $max - durations with their unit; $retry, $retries, $max_attempts - counts.
calc-code-differs-multiplier-fixed = Der Multiplikator der Bibliothek ist fest { $multiplier }, und der Code verwendet ihn.
calc-code-differs-jitter-unsupported = Diese Art von Jitter ({ $jitter }) bietet die Bibliothek nicht; der Code lässt sie weg.
calc-code-differs-jitter-fixed = Der einzige Jitter der Bibliothek ist { $jitter }, ±{ $percent } % jeder Verzögerung; der Code verwendet ihn.
calc-code-differs-immediate-first-retry = Die erste Wiederholung folgt sofort statt nach { $delay }. Die weiteren Wiederholungen folgen den Verzögerungen des Rechners.
calc-code-differs-whole-milliseconds = Verzögerungen sind ganze, abgeschnittene Millisekunden: Ab Wiederholung { $retry } wartet die Bibliothek { $library }, der Rechner { $core }.
calc-code-differs-whole-millisecond-draws = Jede zufällige Verzögerung wird auf ganze Millisekunden abgeschnitten.
calc-code-differs-cap-after-jitter = Die Bibliothek begrenzt nach dem Jitter, keine Verzögerung überschreitet also { $max }. Die Verzögerungen des Rechners mit Jitter können es.
calc-code-differs-attempts-limited = Mehr als { $max_attempts } Versuche behandelt die Bibliothek als { $max_attempts }, macht also höchstens { $retries } Wiederholungen.
calc-code-differs-single-precision = Verzögerungen werden in einfacher Genauigkeit berechnet, mit einem relativen Fehler von etwa einem Zehnmillionstel.
calc-code-differs-longest-setting = Die Bibliothek nimmt keine Dauer über { $longest } an; der Code schreibt stattdessen { $longest }.
calc-code-differs-longest-delay = Ohne Obergrenze wachsen die Verzögerungen der Bibliothek nicht über { $longest } hinaus, die längste Dauer, die sie darstellen kann; die des Rechners wachsen weiter.
calc-code-differs-largest-multiplier = Der Multiplikator der Bibliothek ist höchstens { $multiplier }. Der Code verwendet diesen Wert.
# The button that copies one snippet’s code (plain text).
calc-code-copy = Code kopieren
# Shown in the “as code” part while a field of the form holds a bad value (plain text).
calc-code-stale = Der folgende Code gilt für die letzten gültigen Werte, nicht für die Werte im Formular.
## Calculator: decorrelated jitter, percentiles and the attempt timeline

# Jitter option ("decorrelated jitter", after the AWS Architecture Blog): each delay is drawn between the first delay and three times the previous delay.
jitter-decorrelated = Decorrelated Jitter
# The same kind in a table cell of the defaults page (plain text).
jitter-decorrelated-cell = Decorrelated Jitter
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-decorrelated-inline = Decorrelated Jitter

# Jitter option ("decorrelated jitter backoff V2" of the .NET library Polly, its exponential backoff with jitter): each delay is the growth of 2^t · tanh(√(4t)) from the previous draw of t to this one, t drawn between the retry’s number minus one and its number.
jitter-polly = Polly-Jitter
# The same kind in a table cell of the defaults page (plain text).
jitter-polly-cell = Polly-Jitter
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-polly-inline = Polly-Jitter

# Label of the optional timeout field: how long one attempt may run before it counts as failed.
calc-timeout-label = Timeout je Versuch

# Hint under the timeout field.
calc-timeout-hint = Optional: wie lange jeder Versuch laufen darf, bevor er als gescheitert gilt; null oder mehr. Leer lassen, wenn Versuche ohne Laufzeit gerechnet werden sollen.

# Label of the optional deadline field: the time limit for all attempts and waits together.
calc-deadline-label = Deadline

# Hint under the deadline field.
calc-deadline-hint = Optional: die Zeit ab dem ersten Versuch, bis zu der jede Wiederholung begonnen haben soll; größer als null und nicht kürzer als das Timeout.

# Error under the timeout field.
error-timeout = Das Timeout darf nicht negativ sein.

# Error under the deadline field: not above zero, or shorter than the timeout of the first attempt.
error-deadline = Die Deadline muss größer als null sein und darf nicht kürzer als das Timeout sein.

# Result label: a percentile of the total wait (P50 is the median: half of the runs wait less).
# $percentile (number) - the percentile, e.g. 99: that share of runs, in percent, stays under the figure
calc-total-percentile = Gesamtwartezeit, P{ $percentile }

# Caption of the attempt timeline table.
calc-timeline-caption = Wann jeder Versuch beginnt

# Timeline column: the attempt's number (1 is the original request).
calc-timeline-attempt = Versuch

# Timeline column: the earliest start of the attempt.
calc-timeline-earliest = Frühester Beginn

# Timeline column and chart legend: the median start of the attempt.
calc-timeline-median = Median des Beginns

# Timeline column: the latest start of the attempt.
calc-timeline-latest = Spätester Beginn

# Caption and name of the timeline chart.
calc-timeline-chart-label = Diagramm: wann jeder Versuch beginnt

# Caption and name of the timeline chart when it draws only the first attempts (the table lists them all).
# $drawn (number) - the attempts drawn, the first ones; $attempts (number) - all attempts, more than $drawn
calc-timeline-chart-label-first = Diagramm: wann die ersten { $drawn } von { $attempts } Versuchen beginnen (die Tabelle nennt alle)

# Chart legend: the bar from the earliest to the latest start.
calc-timeline-range = Vom frühesten bis zum spätesten Beginn

# Chart label of the deadline line (followed by a colon and the deadline).
calc-timeline-deadline = Deadline

# The verdict with a timeout and no deadline.
# $percentile (number) - the percentile of the figures, 99; $p99 - the total wait at that percentile, with its unit; $timeout - the timeout per attempt, with its unit; $last - when the last retry starts at that percentile, with its unit
calc-verdict-timeout = { $spread ->
        [certain] Gesamtwartezeit: { $p99 }. Mit einem Timeout von { $timeout } je Versuch beginnt die letzte Wiederholung bei { $last }.
       *[random] Gesamtwartezeit bei P{ $percentile }: { $p99 }. Mit einem Timeout von { $timeout } je Versuch beginnt die letzte Wiederholung spätestens bei { $last }.
    }

# The verdict with a timeout and a deadline.
# $percentile, $p99, $timeout, $last - as above; $deadline - the deadline, with its unit; $late - the percentage of runs in which the last retry starts after the deadline, in the page’s notation: whole, to a tenth where a whole number would read 0 or 100, or “< 0.1” or “> 99.9” (an outcome that is not certain never reads 0 % or 100 %); $odds - always: it starts after the deadline on every run, never: on none (a schedule without jitter is one or the other), some: on $late percent of them; $spread - certain: a schedule without jitter, whose total wait is the same on every run ($p99 is that total), random: any other
calc-verdict-deadline = { $spread ->
        [certain] Gesamtwartezeit: { $p99 }. Mit einem Timeout von { $timeout } je Versuch beginnt die letzte Wiederholung bei { $last } { $odds ->
            [always] – also nach Ihrer Deadline von { $deadline }.
           *[never] – also vor Ihrer Deadline von { $deadline }.
        }
       *[random] Gesamtwartezeit bei P{ $percentile }: { $p99 }. Mit einem Timeout von { $timeout } je Versuch beginnt die letzte Wiederholung spätestens bei { $last } { $odds ->
            [always] – also immer nach Ihrer Deadline von { $deadline }.
            [never] – also immer vor Ihrer Deadline von { $deadline }.
           *[some] – in { $late } % der Fälle nach Ihrer Deadline von { $deadline }.
        }
    }

# The verdict with a deadline and no timeout (attempts count as instant).
# $percentile, $p99, $last, $deadline, $late, $odds - as above
calc-verdict-deadline-untimed = { $spread ->
        [certain] Gesamtwartezeit: { $p99 }. Zählt man Versuche als sofort beendet, beginnt die letzte Wiederholung bei { $last } { $odds ->
            [always] – also nach Ihrer Deadline von { $deadline }.
           *[never] – also vor Ihrer Deadline von { $deadline }.
        }
       *[random] Gesamtwartezeit bei P{ $percentile }: { $p99 }. Zählt man Versuche als sofort beendet, beginnt die letzte Wiederholung spätestens bei { $last } { $odds ->
            [always] – also immer nach Ihrer Deadline von { $deadline }.
            [never] – also immer vor Ihrer Deadline von { $deadline }.
           *[some] – in { $late } % der Fälle nach Ihrer Deadline von { $deadline }.
        }
    }
## Calculator: many clients

# Label of the field: how many clients lose the service at the same moment and then retry on the schedule above (plain text).
calc-clients-label = Gleichzeitig ausfallende Clients

# Hint under that field (plain text).
calc-clients-hint = Wie viele Clients im selben Moment scheitern und ihre Wiederholungen nach diesem Zeitplan starten: eine ganze Zahl von eins bis zehntausend.

# Shown when the number of clients is not a whole number in range.
# $min, $max (numbers) - the least and the most clients
error-clients = Geben Sie eine ganze Zahl von { $min } bis { $max } Clients ein.

# Caption and accessible name of the chart of retry starts per interval of time (plain text).
calc-herd-label = Wiederholungen, die in jedem Zeitabschnitt beginnen, wenn alle Clients zugleich scheitern und jeder Versuch fehlschlägt

# Title of the chart's time axis (plain text).
calc-herd-time = Zeit seit dem Ausfall

# The chart in words: the busiest interval.
# $peak (number) - the most retries that start in one interval; $width - the interval's length with its unit; $at - when that interval begins, with its unit
calc-herd-summary =
    { $peak ->
        [one] In keinem Abschnitt von { $width } beginnt mehr als { $peak } Wiederholung; die Spitze liegt bei { $at }.
       *[other] In keinem Abschnitt von { $width } beginnen mehr als { $peak } Wiederholungen; die Spitze liegt bei { $at }.
    }

## Calculator: what the retries cost the server

# Label of the optional field: the probability that one attempt fails (plain text).
calc-failure-rate-label = Fehlerquote je Versuch

# Hint under that field (plain text).
calc-failure-rate-hint = Die Wahrscheinlichkeit, dass ein Versuch scheitert, von null (kein Versuch scheitert) bis eins (jeder scheitert). Der Rechner nimmt an, dass Versuche unabhängig voneinander scheitern.

# Shown when the failure rate is not a number in range.
# $min, $max (numbers) - the least and the greatest rate
error-failure-rate = Geben Sie eine Fehlerquote von { $min } bis { $max } ein.

# Label of the optional field: how many layers of services, each calling the next, retry with this policy (plain text).
calc-layers-label = Ebenen mit Wiederholungen

# Hint under that field (plain text).
calc-layers-hint = Wie viele Dienste einer Aufrufkette ihre Aufrufe jeweils nach dieser Richtlinie wiederholen; für eine einzige Ebene leer lassen. Die Wiederholungen multiplizieren sich von Ebene zu Ebene.

# Shown when the layers are not a whole number in range.
# $min, $max (numbers) - the fewest and the most layers
error-layers = Geben Sie eine ganze Zahl von { $min } bis { $max } Ebenen ein.

# Shown at the layers field when it is filled in but the failure rate is empty.
error-layers-without-failure-rate = Geben Sie auch eine Fehlerquote ein: Die Ebenen vervielfachen gescheiterte Versuche.

# Label of the expected number of attempts per request, the first one included (plain text).
calc-cost-attempts = Versuche je Anfrage im Mittel

# Label of the share of requests that finally succeed (plain text).
calc-cost-success = Erfolgreiche Anfragen

# Label of the expected attempts that reach the failing service at the bottom, per request at the top of the layers.
# $layers (number) - the number of layers
calc-cost-bottom = { $layers ->
        [one] Versuche im Mittel auf der untersten Ebene (bei { $layers } Ebene)
       *[other] Versuche im Mittel auf der untersten von { $layers } Ebenen
    }

# Label of the attempts at the bottom when every attempt fails (plain text).
calc-cost-bottom-worst = Versuche auf der untersten Ebene, wenn jeder Versuch scheitert

# Label of the share of requests at the top of the layers that finally succeed (plain text).
calc-cost-top-success = Erfolgreiche Anfragen auf der obersten Ebene

# A share in percent.
# $percent - the percentage in the page’s notation, to two decimals; “< 0.01” or “> 99.99” where rounding would make an uncertain outcome read 0 or 100
calc-cost-percent = { $percent } %

# The name of gRPC’s retry throttling with gRFC A6’s example figures (it is off unless a service config sets it), as it stands in the labels below.
# $spec - the specification’s name, gRFC A6
calc-budget-grpc-throttling-example = die Wiederholungsdrosselung von gRPC mit den Beispielwerten aus { $spec }

# The name of botocore’s retry quota in its standard mode, as it stands in the labels below.
calc-budget-aws-retry-quota = das Wiederholungskontingent von botocore

# The name of the same quota under the variable AWS_NEW_RETRIES_2026, as it stands in the labels below.
# $switch - the environment variable’s name, AWS_NEW_RETRIES_2026
calc-budget-aws-retry-quota-2026 = das Wiederholungskontingent von botocore mit { $switch }

# The name of Envoy’s retry budget with the defaults it takes once a cluster sets retry_budget (it is off unless set), as it stands in the labels below.
calc-budget-envoy-retry-budget = das Wiederholungsbudget von Envoy (sofern gesetzt)

# The name of Finagle’s default retry budget (on for every client), as it stands in the labels below: its figures hold for a client that was idle before (nothing deposited or withdrawn within its window) and sends many requests a second.
calc-budget-finagle-retry-budget = das Wiederholungsbudget von Finagle (ab einem ruhenden Client, bei vielen Anfragen pro Sekunde)

# Label: how many retries the chosen preset’s retry budget lets through, starting full, when every attempt fails.
# $budget - the budget’s name (one of the messages above)
calc-budget-from-full = Wiederholungen, die bei anfangs vollem Tokenvorrat { $budget } zulässt, wenn jeder Versuch scheitert

# Label, for a budget that limits the retries in flight at once (Envoy’s) instead of counting failures: when it stops retrying failing requests sent one after another.
# $budget - the budget’s name
calc-budget-in-a-row = Wann { $budget } bei fehlschlagenden Anfragen in Folge keine Wiederholungen mehr zulässt

# The figure of that label: never; under load it holds retries to a share of the requests in flight, the figure below.
calc-budget-never = Nie: Es begrenzt nur die gleichzeitig laufenden Wiederholungen, bei vielen Anfragen auf einen Anteil davon (siehe unten)

# The figure of that label.
# $retries (number) - the retries let through; $calls (number) - the requests in a row that get all their retries
calc-budget-from-full-figure = { $calls ->
        [one] { $retries } ({ $calls } scheiternde Anfrage in Folge erhält alle ihre Wiederholungen)
       *[other] { $retries } ({ $calls } scheiternde Anfragen in Folge erhalten alle ihre Wiederholungen)
    }

# Label: the attempts per request the budget allows in the long run at the failure rate given.
# $budget - the budget’s name
calc-budget-held = Versuche je Anfrage, die bei dieser Fehlerquote auf Dauer { $budget } zulässt

# Label: the failure rate above which the budget stops retries in the long run (gRPC’s throttling has one).
# $budget - the budget’s name
calc-budget-edge = Fehlerquote, über der { $budget } Wiederholungen auf Dauer unterbindet

# Shown under the figures (plain text).
calc-cost-note = Exakt berechnet unter der Annahme, dass Versuche unabhängig voneinander mit der angegebenen Quote scheitern. In der Praxis treten Fehler gehäuft auf, wenn ein Dienst überlastet ist, und dann erhöht jede Wiederholung seine Last zusätzlich.

# A link under the cost's figures to the page of retry storms (plain text).
calc-cost-storms = Was Wiederholungen einem schon überlasteten Dienst antun: Wiederholungsstürme, simuliert

## Calculator: the distribution of the total wait

# Name and caption of the chart of the total wait's distribution: how many runs (in percent) wait less than each total.
calc-curve-label = Anteil der Durchläufe, deren Gesamtwartezeit unter dem jeweiligen Wert liegt

# Title of the chart's time axis, and the heading of the table's figure column.
calc-curve-total = Gesamtwartezeit

# Heading of the table's first column.
calc-curve-head-percentile = Perzentil

# A percentile's name on the chart and in the table.
# $percentile - the percentile, 0 to 100
calc-curve-percentile = P{ $percentile }

# The line on the chart at the longest total with which the last retry still starts before the deadline.
# $room - that total, with its unit
calc-curve-room = Deadline abzüglich der Timeouts: { $room }

# Under the chart (plain text).
# $min - the shortest total wait
# $max - the longest total wait
# $p50 - the median
# $p90 - the 90th percentile
# $p99 - the 99th percentile
# $share90 - 90 % in the page's notation
# $share99 - 99 % in the page's notation
calc-curve-summary = Die Gesamtwartezeit liegt zwischen { $min } und { $max }. Die Hälfte der Durchläufe wartet weniger als { $p50 }; { $share90 } warten weniger als { $p90 } und { $share99 } weniger als { $p99 }.

# The title of the part that opens the chart's figures as a table, and that table's caption.
calc-curve-caption = Die Gesamtwartezeit bei jedem zehnten Perzentil

## Calculator: one sample run

# The button under the chart of delays that draws one seeded run of the policy over the chart's bands.
calc-sample-draw = Beispieldurchlauf erzeugen

# The same button once a run is drawn.
calc-sample-another = Weiteren Beispieldurchlauf erzeugen

# The chart legend's words for the run's points.
calc-sample-legend = Ein Beispieldurchlauf

# Under the chart once a run is drawn.
# $seed - the seed that names the run (digits only, as in the address)
# $total - the run's total wait, with its unit
calc-sample-summary = Dieser Beispieldurchlauf (Startwert { $seed }) wartet insgesamt { $total }. Derselbe Startwert erzeugt hier wie auf der Kommandozeile wieder denselben Durchlauf.

# Caption of the table of the run's delays (also the name of its scroll region).
calc-sample-table = Verzögerungen des Beispieldurchlaufs

## Calculator: what fits the deadline

# Heading of the answers under the timeline, shown once a deadline is given.
calc-fit-heading = Was die Deadline zulässt

# Label of the most retries whose start is before the deadline (the count switch counts retries).
calc-fit-most-retries = Höchstzahl der Wiederholungen, die vor der Deadline beginnen

# The same when the count switch counts attempts (the original request included).
calc-fit-most-attempts = Höchstzahl der Versuche, die vor der Deadline beginnen

# The three counts of the label above.
# $worst - the count when every delay is at its longest
# $p99 - the count at that percentile
# $percentile - the percentile, 99
# $p50 - the count at the median
calc-fit-most-figure = { $worst } bei längstmöglichen Verzögerungen; { $p99 } bei P{ $percentile }; { $p50 } beim Median

# Label of the largest first delay with which the policy’s last retry still starts before the deadline at that percentile.
# $percentile - the percentile, 99
calc-fit-base = Höchstwert der Basisverzögerung, mit dem die letzte Wiederholung bei P{ $percentile } noch vor der Deadline beginnt

# Label of the largest maximum delay with which it does.
# $percentile - the percentile, 99
calc-fit-max-delay = Höchstwert der maximalen Verzögerung, mit dem die letzte Wiederholung bei P{ $percentile } noch vor der Deadline beginnt

# Answer when every value fits (a maximum delay holds every first delay low enough).
calc-fit-any = Beliebig

# Answer for the maximum delay when the policy fits without one.
calc-fit-any-max-delay = Beliebig: Eine maximale Verzögerung ist nicht nötig

# Answer when no value fits: the timeouts alone reach the deadline, or not even the shortest delay fits.
calc-fit-none = Kein Wert passt

# Shown while the answers are being worked out.
calc-fit-working = Wird berechnet…

# Shown when the part of the calculator that works out the answers could not run.
calc-fit-failed = Was die Deadline zulässt, ließ sich in diesem Browser nicht berechnen.

# Shown under the answers (plain text).
calc-fit-note = Durch eine Suche über die Werte des Rechners selbst ermittelt und daher so genau wie die Perzentile oben. Jede Verzögerung ist abgerundet; der angezeigte Wert passt also in jedem Fall.

## Calculator: the optional fields

# Legend of the group of optional fields: the timeout per attempt, the deadline, the failure rate, the layers and the clients that fail together (plain text).
calc-optional-legend = Optionale Angaben

## Calculator: how the percentiles are computed

# Shown under the percentiles of the total wait: how they were computed and what they are rounded to, so that no digit finer than the method's error is shown.
# $method - grid: each retry's delay distribution added on a grid of small steps (for none, full, equal and proportional jitter); sample: a seeded simulation of many runs (decorrelated jitter); exact: nothing needs rounding
# $percentile (number) - the percentile whose interval is given, 99; $error - the method's error, with its unit: one grid step, or the width of the 99 % confidence interval of that percentile; $place - the step the figures are rounded to, with its unit (a power of ten, e.g. 10 ms)
calc-percentiles-method =
    { $method ->
        [grid] Die Perzentile werden auf einem Raster berechnet und weichen höchstens um einen Rasterschritt ({ $error }) von den exakten Werten ab; deshalb werden sie auf { $place } gerundet angezeigt.
        [sample] Die Perzentile stammen aus einer Simulation vieler Durchläufe mit festem Startwert; P{ $percentile } ist bis auf { $error } genau bekannt, daher sind sie auf { $place } gerundet.
       *[exact] Die Perzentile werden ungerundet angezeigt: Bei diesem Zeitplan rechnet das Verfahren exakt.
    }
