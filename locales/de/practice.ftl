### The "practice" page, German.
### What a retry loop meets besides its schedule: Retry-After, which errors
### to retry, amplification and retry budgets, attempts against retries, and
### a retry loop as code. Messages are Markdown unless noted otherwise;
### figures always come from variables formatted by the build (their
### sources are cited in content/practice.toml). HTTP status codes stay as
### digits; header, setting and status names stay in inline code.
### Terms: retry = Wiederholung, attempt = Versuch, deadline = Deadline,
### "Full Jitter" = full jitter (as on the other pages), idempotency key =
### Idempotenzschlüssel.

# The page's H1 and <title>.
title = Wiederholungen: Retry-After, Idempotenz, Budgets

# Meta description: plain text, one sentence.
description = Welche Fehler man wiederholt, wie man Retry-After beachtet, warum sich Wiederholungen über Schichten vervielfachen, und eine Schleife mit Jitter und Deadline.

# Short label for links to this page.
nav-label = Wiederholungen in der Praxis

# Introduction (Markdown).
intro =
    Ein Backoff-Zeitplan beantwortet eine Frage: wie lange vor dem nächsten Versuch zu warten ist. Ein Client im Produktivbetrieb muss noch einige weitere beantworten. Hat der Server schon gesagt, wie lange der Client warten soll? Lohnt es sich überhaupt, diesen Fehler zu wiederholen? Darf die Anfrage gefahrlos zweimal gesendet werden? Wie viele Versuche machen die Schichten über dem Client zusätzlich zu seinen eigenen?

    Diese Seite geht die Fragen der Reihe nach durch und endet mit einer kurzen Wiederholungsschleife, die die Antworten zusammenführt.

# Heading of the Retry-After section.
retry-after-heading = Wenn der Server die Wartezeit nennt: Retry-After

# The Retry-After section (Markdown).
# $urllib3-retry-after-max-hours (number) - `urllib3`'s default cap on Retry-After, in hours
retry-after =
    Ein überlasteter Server oder einer, der die Anfragerate begrenzt, kann Clients mitteilen, wann sie wiederkommen sollen. Der Header `Retry-After`, definiert in [HTTP Semantics](https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3), hat eine von zwei Formen: eine Anzahl Sekunden wie in `Retry-After: 120` oder ein HTTP-Datum wie in `Retry-After: Fri, 31 Dec 1999 23:59:59 GMT`. Akzeptieren Sie beide. Bei einem Datum ist die Wartezeit dieser Zeitpunkt minus die aktuelle Zeit; ein Datum in der Vergangenheit bedeutet, dass sofort wiederholt werden darf.

    Der Header kann in diesen Antworten stehen:

    - 503 (Service Unavailable): wie lange der Dienst voraussichtlich nicht verfügbar ist;
    - eine Weiterleitung: die Mindestwartezeit, bevor ihr gefolgt wird;
    - 413 (Content Too Large), wenn der Zustand [vorübergehend](https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14) ist: nach welcher Zeit der Client die Anfrage wiederholen darf;
    - 429 (Too Many Requests) aus [Additional HTTP Status Codes](https://www.rfc-editor.org/rfc/rfc6585#section-4): wie lange bis zur nächsten Anfrage zu warten ist.

    Nichts begrenzt den Wert, und ein Server kann Stunden verlangen. Legen Sie eine eigene Grenze fest: Passt die Wartezeit nicht in die Zeit, die dem Aufrufer noch bleibt, brechen Sie sofort mit einem Fehler ab und geben Sie die Wartezeit an den Aufrufer weiter, statt sie abzuwarten. `urllib3` etwa begrenzt den Header mit `retry_after_max`, standardmäßig auf { $urllib3-retry-after-max-hours ->
        [one] { $urllib3-retry-after-max-hours } Stunde
       *[other] { $urllib3-retry-after-max-hours } Stunden
    }.

    Widersprechen sich Header und Backoff, wiederholen Sie nie früher, als der Server verlangt: Warten Sie die längere der beiden Zeiten ab. `urllib3` nimmt einfach den Header statt seines eigenen Backoffs, wann immer der Header vorhanden ist, standardmäßig bei den Antworten 413, 429 und 503 ([`retry.py`](https://github.com/urllib3/urllib3/blob/9a950b92d999f906b6020bb2d1076ee56cddd5d2/src/urllib3/util/retry.py#L196-L202)). So oder so ist eine Wiederholung nach `Retry-After` trotzdem ein Versuch und wird auf Ihr Limit angerechnet.

# Heading of the section on which errors to retry.
retryable-heading = Welche Fehler man wiederholt – und wann das gefahrlos ist

# The section on retryable errors and idempotency (Markdown).
retryable =
    Wiederholen Sie, was einen Moment später wahrscheinlich gelingt:

    - Verbindungsfehler und Timeouts, bevor eine Antwort eingetroffen ist;
    - 429 (Too Many Requests), nach der Wartezeit, die der Server verlangt hat;
    - 502 (Bad Gateway), 503 (Service Unavailable) und 504 (Gateway Timeout): eine überlastete Instanz oder ein Proxy, der seinen Upstream verloren hat; beim nächsten Versuch klappt es oft.

    Die meisten anderen Client-Fehler besagen, dass die Anfrage selbst fehlerhaft ist: Bei 400, 401, 403, 404 und 422 kommt dieselbe Antwort zurück, egal wie oft Sie die Anfrage senden; jede Wiederholung erzeugt nur zusätzliche Last. 500 (Internal Server Error) kann eine vorübergehende Störung sein oder ein Programmfehler, der jedes Mal auftritt: Wiederholen Sie die Anfrage nur, wenn die Anfrage gefahrlos noch einmal laufen darf, und nicht lange.

    Eine Wiederholung ist nur dann gefahrlos, wenn eine doppelte Ausführung keinen Schaden anrichtet. GET, HEAD, OPTIONS, TRACE, PUT und DELETE sind per Definition [idempotent](https://www.rfc-editor.org/rfc/rfc9110#section-9.2.2), und genau diese Methoden wiederholt `urllib3` standardmäßig; POST ist es nicht, und ein Timeout verrät nicht, ob der Server die Anfrage bereits ausgeführt hat. Geben Sie jedem logischen Vorgang einen eindeutigen Schlüssel und senden Sie bei jeder Wiederholung denselben. Mit dem [Header `Idempotency-Key` von Stripe](https://docs.stripe.com/api/idempotent_requests) erhält eine Wiederholung das gespeicherte Ergebnis der ersten Anfrage statt einer zweiten Abbuchung; der IETF-Entwurf [The Idempotency-Key HTTP Header Field](https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/) schlägt denselben Header für jede HTTP-API vor.

    gRPC zieht dieselbe Grenze zwischen seinen [Statuscodes](https://github.com/grpc/grpc/blob/master/doc/statuscodes.md). `UNAVAILABLE` heißt, dass der Dienst, höchstwahrscheinlich nur kurz, nicht erreichbar ist: Bei diesem Code wiederholen Sie den Aufruf mit Backoff, auch wenn ein nicht idempotenter Aufruf womöglich schon ausgeführt wurde. `DEADLINE_EXCEEDED` heißt, dass die Deadline abgelaufen ist, möglicherweise erst nachdem der Vorgang abgeschlossen war; eine Wiederholung unter derselben Deadline hat keine Zeit mehr. Verlängern Sie die Deadline dort, wo sie gesetzt wird, oder geben Sie auf, aber wiederholen Sie den Aufruf nicht in einer Schleife.

# Heading of the section on retry amplification and retry budgets.
amplification-heading = Wiederholungen vervielfachen sich über Schichten

# The section on retry amplification and budgets (Markdown).
# $amplification-layers (number) - layers that retry, one above the other
# $amplification-attempts (number) - attempts each layer makes
# $amplification-calls (number) - the calls the layer below them gets: attempts to the power of layers
# $aws-quota, $aws-retry-cost, $aws-timeout-cost, $aws-success-refund (numbers) - tokens of the AWS retry quota; $aws-retry-cost-new, $aws-throttling-cost-new (numbers) - its costs under the opt-in behaviour
# $grpc-max-tokens, $grpc-token-ratio (numbers) - gRPC's example throttling settings
# $envoy-budget-percent, $envoy-min-retry-concurrency (numbers) - Envoy's retry budget defaults
amplification =
    Wiederholungen auf jeder Schicht multiplizieren sich. Nehmen Sie { $amplification-layers ->
        [one] { $amplification-layers } Schicht
       *[other] { $amplification-layers } Schichten
    }, etwa Client, Gateway und Dienst, die jeweils bis zu { $amplification-attempts ->
        [one] { $amplification-attempts } Versuch
       *[other] { $amplification-attempts } Versuche
    } machen: Fällt die Datenbank darunter aus, bekommt sie für eine einzige Anfrage des Clients { $amplification-calls ->
        [one] { $amplification-calls } Aufruf
       *[other] { $amplification-calls } Aufrufe
    }, und zwar genau dann, wenn sie am wenigsten Last verkraftet.

    Wiederholen Sie nur auf einer Schicht, meist der, die der ausgefallenen Abhängigkeit am nächsten ist, und lassen Sie die anderen schnell scheitern. Müssen mehrere Schichten wiederholen, begrenzen Sie Wiederholungen durch ein Budget, das sich alle Anfragen teilen, statt durch eine Anzahl pro Anfrage:

    - AWS-SDKs im Wiederholungsmodus „standard“ verwalten pro Client ein Kontingent von { $aws-quota } Token. Eine Wiederholung kostet { $aws-retry-cost } Token, nach einem Timeout { $aws-timeout-cost }. Eine Anfrage, die auf Anhieb gelingt, gibt { $aws-success-refund } zurück, eine, die nach einer Wiederholung gelingt, das, was ihre Wiederholung gekostet hat. Ist das Kontingent aufgebraucht, wiederholt der Client nicht mehr, bis erfolgreiche Anfragen es wieder auffüllen. Das sind die Werte von botocore `1.43.67` ([`quota.py`](https://github.com/boto/botocore/blob/0e6e2404b85dc336dd2889814e089bde7d1a4c55/botocore/retries/quota.py#L7), [`standard.py`](https://github.com/boto/botocore/blob/0e6e2404b85dc336dd2889814e089bde7d1a4c55/botocore/retries/standard.py#L669-L699)). Ein neueres Verhalten, vorerst nur über die Umgebungsvariable `AWS_NEW_RETRIES_2026=true` einzuschalten (ab botocore `1.43.3`), berechnet für jede Wiederholung { $aws-retry-cost-new } Token, auch nach einem Timeout, für eine gedrosselte Wiederholung dagegen nur { $aws-throttling-cost-new }. Seine Verzögerungen stehen auf der Seite [Standardwerte der Bibliotheken](../defaults/) in einer eigenen Zeile.
    - Die Wiederholungsdrosselung von gRPC verwaltet einen Tokenzähler pro Server: Jeder fehlgeschlagene Aufruf kostet ein Token, jeder erfolgreiche bringt `tokenRatio` hinzu, und solange der Zähler höchstens bei der Hälfte von `maxTokens` steht, wird kein Aufruf wiederholt. Das Beispiel des Entwurfs setzt `maxTokens` auf { $grpc-max-tokens } und `tokenRatio` auf { $grpc-token-ratio } ([gRPC-Entwurf zu Wiederholungen](https://github.com/grpc/proposal/blob/master/A6-client-retries.md)).
    - Das Wiederholungsbudget von Envoy begrenzt gleichzeitige Wiederholungen auf einen Anteil der aktiven Anfragen: standardmäßig { $envoy-budget-percent } %, aber nie weniger als { $envoy-min-retry-concurrency } ([`circuit_breaker.proto`](https://github.com/envoyproxy/envoy/blob/01c2c1fadbc61d572c7e02568c98ff001c0bfe8f/api/envoy/config/cluster/v3/circuit_breaker.proto)).

# Heading of the section on attempts and retries.
attempts-heading = Versuche oder Wiederholungen: Lesen Sie die Einstellung genau

# The section on how libraries count (Markdown).
# $resilience4j-max-attempts, $grpc-max-attempts-limit, $polly-max-retry-attempts, $urllib3-total, $urllib3-default-total (numbers)
attempts =
    Dieselbe Zahl bedeutet in verschiedenen Bibliotheken Verschiedenes. Manche zählen Versuche einschließlich des ersten Aufrufs, andere nur die Wiederholungen danach: Ein Wert von $n$ ergibt in der einen Bibliothek $n$ Aufrufe, in der anderen $n + 1$.

    - `resilience4j`: `maxAttempts` zählt den ersten Aufruf mit; der Standardwert ist { $resilience4j-max-attempts } ([`RetryConfig.java`](https://github.com/resilience4j/resilience4j/blob/0124df713de675b6f88e8176bd71eaf6b15d9db5/resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java)).
    - gRPC: `maxAttempts` in einer Wiederholungsrichtlinie zählt die ursprüngliche Anfrage mit, und Clients behandeln jeden Wert über { $grpc-max-attempts-limit } wie { $grpc-max-attempts-limit } ([gRPC-Entwurf zu Wiederholungen](https://github.com/grpc/proposal/blob/master/A6-client-retries.md)).
    - Polly: `MaxRetryAttempts` zählt die Wiederholungen zusätzlich zum ursprünglichen Aufruf; der Standardwert ist { $polly-max-retry-attempts } ([Polly-Dokumentation](https://github.com/App-vNext/Polly/blob/027c73215cec1e89e2ec67214523fde154175a38/docs/strategies/retry.md)).
    - `urllib3`: `total` zählt Wiederholungen. Ein `Retry()` ohne Argumente erlaubt { $urllib3-total }, ein Pool ohne eigenes `Retry` nimmt aber `Retry.DEFAULT`, das { $urllib3-default-total } erlaubt.
    - Auch diese Website zählt Wiederholungen: Die „Wiederholungen“ der Rechner sind die Anfragen nach der ursprünglichen, jede nach ihrer Verzögerung.

    Wenn Sie eine Richtlinie von einer Bibliothek in eine andere übertragen, rechnen Sie um: $n$ Versuche sind $n - 1$ Wiederholungen.

# Heading of the code section.
code-heading = Eine Wiederholungsschleife mit Jitter und Deadline

# The code section (Markdown).
# { $retry-loop } is a code listing provided by the build; keep it on a line of its own.
# Its comments are the listing-* messages below.
code =
    Die Schleife unten fasst diese Seite in Python zusammen. Sie wiederholt nur Fehler, die sie als vorübergehend kennt, zieht jede Wartezeit mit Full Jitter unterhalb einer begrenzten exponentiellen Verzögerung, wiederholt nie früher, als `Retry-After` verlangt, und prüft die Deadline, bevor sie schläft: Eine Wartezeit, die erst nach der Deadline enden würde, wird gar nicht erst begonnen.

    { $retry-loop }

    `send` steht für einen Versuch Ihres Vorgangs, etwa die Funktion `get` am Ende des Listings, die eine Anfrage mit Pythons eigenem `http.client` sendet: `call(lambda: get("api.example.com", "/v1/items"))`. Deren Fehler sind die eingebauten Ausnahmen, die die Schleife abfängt: Eine abgelehnte oder abgebrochene Verbindung ist ein `ConnectionError`, ein Timeout ein `TimeoutError`. Mit einem anderen Client wandeln Sie dessen Fehler in diese um (bei `requests` dessen `ConnectionError` und `Timeout`; in `check` lesen Sie dann `status_code` statt `status`). Jeder Fehler außer `Retryable`, `ConnectionError` und `TimeoutError` geht sofort an den Aufrufer. Der Rechner unten zeigt die Wartezeiten derselben Richtlinie in Millisekunden.

# Comments of the code listing: plain text, one line each, no Markdown.
listing-statuses = Statuscodes, für die sich ein weiterer Versuch lohnt; jeder andere Status ist endgültig.
listing-retryable = Ein Fehler, den ein weiterer Versuch beheben kann, mit der vom Server verlangten Wartezeit, falls vorhanden.
listing-retry-after-forms = Retry-After enthält Sekunden oder ein HTTP-Datum; alles andere wird ignoriert.
listing-check = Macht aus einem wiederholbaren Status die Ausnahme, bei der die Schleife einen neuen Versuch startet.
listing-deadline = Eine Deadline für alle Versuche und Wartezeiten zusammen.
listing-out-of-attempts = Keine Versuche mehr: den letzten Fehler weitergeben.
listing-full-jitter = Full Jitter: eine zufällige Wartezeit unterhalb der begrenzten exponentiellen Verzögerung.
listing-honor-retry-after = Nie früher wiederholen, als der Server verlangt.
listing-check-deadline = Deadline vor dem Schlafen prüfen: lieber jetzt aufgeben als zu spät aufwachen.
listing-one-attempt = Ein Versuch: GET über HTTPS senden, Status prüfen, Verbindung in jedem Fall schließen.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = Auf dieser Seite muss die maximale Verzögerung größer als null sein.

# Heading of the FAQ section.
faq-heading = Häufige Fragen

# FAQ question; .answer is the answer (Markdown).
faq-retry-after-too-long = Was tun, wenn Retry-After eine längere Wartezeit verlangt, als ich abwarten kann?
    .answer = Wiederholen Sie nicht vorzeitig: Eine Anfrage, die vor dem vom Server genannten Zeitpunkt eintrifft, wird sehr wahrscheinlich wieder abgewiesen. Brechen Sie sofort mit einem Fehler ab und geben Sie dem Aufrufer die verlangte Wartezeit mit, oder legen Sie die Arbeit in eine Warteschlange, die sie später erledigt.

# FAQ question; .answer is the answer (Markdown).
faq-retry-post = Darf ich eine POST-Anfrage wiederholen?
    .answer = Nur wenn der Server die Wiederholung erkennen kann. Senden Sie einen Idempotenzschlüssel, der für alle Versuche eines Vorgangs gleich bleibt, etwa den Header `Idempotency-Key` von Stripe, damit der Server das erste Ergebnis zurückgibt, statt den Vorgang zweimal auszuführen. Ohne einen solchen Schlüssel wiederholen Sie POST nur, wenn Sie sicher wissen, dass die Anfrage den Server nie erreicht hat, etwa bei einer abgelehnten Verbindung.

# FAQ question; .answer is the answer (Markdown).
faq-which-layer = Auf welcher Schicht sollte wiederholt werden?
    .answer = Auf einer einzigen, meist der, die der ausfallenden Abhängigkeit am nächsten ist: Sie kennt den Fehler am besten, und ihre Wiederholungen sind am billigsten. Die Schichten darüber sollten schnell scheitern oder sich ein Wiederholungsbudget teilen, damit sich die Versuche der Schichten nicht vervielfachen.
