### The "practice" page, Russian.
### What a retry loop meets besides its schedule: Retry-After, which errors
### to retry, amplification and retry budgets, attempts against retries, and
### a retry loop as code. Messages are Markdown unless noted otherwise;
### figures always come from variables formatted by the build (their
### sources are cited in content/practice.toml). HTTP status codes stay as
### digits; header, setting and status names stay in inline code.
### Terms: retry = повтор, attempt = попытка, deadline = дедлайн,
### full jitter = полный джиттер, idempotency key = ключ идемпотентности.

# The page's H1 and <title>.
title = Повторы: Retry-After, идемпотентность, бюджеты

# Meta description: plain text, one sentence.
description = При каких ошибках повторять запрос, как соблюдать Retry-After, почему повторы множатся между слоями и как выглядит цикл повторов с джиттером и дедлайном.

# Short label for links to this page.
nav-label = Повторы на практике

# Introduction (Markdown).
intro =
    Расписание задержек отвечает на один вопрос: сколько ждать перед следующей попыткой. Клиенту в продакшене приходится отвечать и на другие. Не сказал ли уже сервер, сколько ждать? Стоит ли вообще повторять запрос после такой ошибки? Можно ли безопасно отправить запрос дважды? Сколько попыток делают слои над клиентом в дополнение к его собственным?

    Эта страница разбирает вопросы по порядку и заканчивается коротким циклом повторов, который сводит ответы воедино.

# Heading of the Retry-After section.
retry-after-heading = Когда сервер сам называет срок: Retry-After

# The Retry-After section (Markdown).
# $urllib3-retry-after-max-hours (number) - `urllib3`'s default cap on Retry-After, in hours
retry-after =
    Перегруженный сервер или сервер, ограничивающий частоту запросов, может сообщить клиентам, когда вернуться. Заголовок `Retry-After`, определённый в спецификации [HTTP Semantics](https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3), бывает двух видов: число секунд, например `Retry-After: 120`, или HTTP-дата, например `Retry-After: Fri, 31 Dec 1999 23:59:59 GMT`. Принимайте оба. Если указана дата, ожидание равно разнице между ней и текущим временем; дата в прошлом означает, что повторять можно сразу.

    Его присылают с такими ответами:

    - 503 (Service Unavailable): сколько времени сервис, по его оценке, будет недоступен;
    - перенаправление: сколько как минимум ждать, прежде чем по нему перейти;
    - 413 (Content Too Large), если причина [временная](https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14): через какое время клиент может попробовать снова;
    - 429 (Too Many Requests) из спецификации [Additional HTTP Status Codes](https://www.rfc-editor.org/rfc/rfc6585#section-4): сколько ждать до нового запроса.

    Значение ничем не ограничено, и сервер может попросить подождать несколько часов. Установите собственный предел: если ожидание не укладывается во время, которое осталось у вызывающей стороны, сразу верните ошибку и передайте ей время, которое запросил сервер, вместо того чтобы ждать. `urllib3`, например, ограничивает значение заголовка параметром `retry_after_max` — по умолчанию { $urllib3-retry-after-max-hours ->
        [one] { $urllib3-retry-after-max-hours } час
        [few] { $urllib3-retry-after-max-hours } часа
        [many] { $urllib3-retry-after-max-hours } часов
       *[other] { $urllib3-retry-after-max-hours } часа
    }.

    Если заголовок и ваша задержка расходятся, никогда не повторяйте раньше, чем попросил сервер: выбирайте большее из двух значений. `urllib3` поступает проще и при наличии заголовка использует его вместо своей задержки, по умолчанию для ответов 413, 429 и 503 ([`retry.py`](https://github.com/urllib3/urllib3/blob/9a950b92d999f906b6020bb2d1076ee56cddd5d2/src/urllib3/util/retry.py#L196-L202)). В любом случае повтор после `Retry-After` остаётся попыткой и расходует ваш лимит.

# Heading of the section on which errors to retry.
retryable-heading = При каких ошибках повторять запрос и когда это безопасно

# The section on retryable errors and idempotency (Markdown).
retryable =
    Повторяйте то, что, скорее всего, пройдёт чуть позже:

    - ошибки соединения и тайм-ауты, пока ответ ещё не начал приходить;
    - 429 (Too Many Requests), выждав срок, который назвал сервер;
    - 502 (Bad Gateway), 503 (Service Unavailable) и 504 (Gateway Timeout): перегруженный экземпляр или прокси, потерявший связь с вышестоящим сервером; со следующей попытки всё часто проходит.

    Большинство остальных клиентских ошибок говорят, что неверен сам запрос: 400, 401, 403, 404 и 422 вернутся снова, сколько бы раз вы его ни отправили, так что их повтор лишь добавляет нагрузку. 500 (Internal Server Error) может оказаться и мимолётным сбоем, и повторяющейся ошибкой в коде: повторяйте его, только если запрос безопасно выполнить ещё раз, и недолго.

    Повтор безопасен, только если двойное выполнение операции ничему не вредит. Методы GET, HEAD, OPTIONS, TRACE, PUT и DELETE [идемпотентны](https://www.rfc-editor.org/rfc/rfc9110#section-9.2.2) по определению, и именно их `urllib3` повторяет по умолчанию; POST не идемпотентен, а тайм-аут не говорит, успел ли сервер что-то сделать. Дайте каждой логической операции уникальный ключ и отправляйте его же при каждом повторе. С заголовком [`Idempotency-Key` у Stripe](https://docs.stripe.com/api/idempotent_requests) повтор получает сохранённый результат первого запроса, а не второе списание денег; черновик IETF [The Idempotency-Key HTTP Header Field](https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/) предлагает тот же заголовок для любого HTTP API.

    В gRPC та же граница проходит между [кодами статуса](https://github.com/grpc/grpc/blob/master/doc/statuscodes.md). `UNAVAILABLE` означает, что сервис, скорее всего, временно недоступен: этот код и повторяют с задержкой, хотя неидемпотентный вызов мог уже выполниться. `DEADLINE_EXCEEDED` означает, что истёк дедлайн — возможно, уже после того, как операция завершилась; повтору в рамках того же дедлайна не хватит времени. Увеличьте дедлайн там, где он задаётся, или прекратите попытки, но не повторяйте такой вызов в цикле.

# Heading of the section on retry amplification and retry budgets.
amplification-heading = Повторы множатся от слоя к слою

# The section on retry amplification and budgets (Markdown).
# $amplification-layers (number) - layers that retry, one above the other
# $amplification-attempts (number) - attempts each layer makes
# $amplification-calls (number) - the calls the layer below them gets: attempts to the power of layers
# $aws-quota, $aws-retry-cost, $aws-timeout-cost, $aws-success-refund (numbers) - tokens of the AWS retry quota; $aws-retry-cost-new, $aws-throttling-cost-new (numbers) - its costs under the opt-in behaviour
# $grpc-max-tokens, $grpc-token-ratio (numbers) - gRPC's example throttling settings
# $envoy-budget-percent, $envoy-min-retry-concurrency (numbers) - Envoy's retry budget defaults
amplification =
    Повторы на каждом слое перемножаются. Возьмём { $amplification-layers ->
        [one] { $amplification-layers } слой
        [few] { $amplification-layers } слоя
        [many] { $amplification-layers } слоёв
       *[other] { $amplification-layers } слоя
    } (например, клиент, шлюз и сервис), каждый из которых делает до { $amplification-attempts ->
        [one] { $amplification-attempts } попытки
        [few] { $amplification-attempts } попыток
        [many] { $amplification-attempts } попыток
       *[other] { $amplification-attempts } попытки
    }: когда база данных под ними отказывает, один запрос клиента превращается в { $amplification-calls ->
        [one] { $amplification-calls } обращение
        [few] { $amplification-calls } обращения
        [many] { $amplification-calls } обращений
       *[other] { $amplification-calls } обращения
    } к ней, и приходят они ровно тогда, когда ей тяжелее всего.

    Повторяйте на одном слое, обычно ближайшем к отказавшей зависимости, а остальным позвольте быстро завершаться с ошибкой. Если повторять должны несколько слоёв, ограничивайте повторы бюджетом, общим для всех запросов, а не числом попыток на каждый запрос:

    - AWS SDK в стандартном режиме повторов держат квоту из { $aws-quota } токенов на клиента. Повтор забирает { $aws-retry-cost } токенов, после тайм-аута — { $aws-timeout-cost }. Запрос, прошедший с первого раза, возвращает в квоту { $aws-success-refund }, прошедший после повтора — то, что забрал повтор. Когда квота исчерпана, клиент перестаёт повторять, пока успешные запросы её не пополнят. Это значения botocore версии `1.43.67` ([`quota.py`](https://github.com/boto/botocore/blob/0e6e2404b85dc336dd2889814e089bde7d1a4c55/botocore/retries/quota.py#L7), [`standard.py`](https://github.com/boto/botocore/blob/0e6e2404b85dc336dd2889814e089bde7d1a4c55/botocore/retries/standard.py#L669-L699)). Новое поведение, пока включаемое лишь переменной окружения `AWS_NEW_RETRIES_2026=true` (с botocore `1.43.3`), берёт за любой повтор, и после тайм-аута, { $aws-retry-cost-new } токенов, а за повтор после ограничения частоты — { $aws-throttling-cost-new }. Его задержки — отдельной строкой на странице [настроек библиотек](../defaults/).
    - Ограничение повторов в gRPC ведёт счётчик токенов для каждого сервера: неудачный вызов забирает один токен, успешный добавляет `tokenRatio`, и пока счётчик не превышает половины `maxTokens`, вызовы не повторяются. В примере из проекта `maxTokens` равен { $grpc-max-tokens }, а `tokenRatio` равен { $grpc-token-ratio } ([дизайн-документ повторов gRPC](https://github.com/grpc/proposal/blob/master/A6-client-retries.md)).
    - Бюджет повторов в Envoy ограничивает число одновременных повторов долей активных запросов: по умолчанию { $envoy-budget-percent } %, но не меньше { $envoy-min-retry-concurrency } ([`circuit_breaker.proto`](https://github.com/envoyproxy/envoy/blob/01c2c1fadbc61d572c7e02568c98ff001c0bfe8f/api/envoy/config/cluster/v3/circuit_breaker.proto)).

# Heading of the section on attempts and retries.
attempts-heading = Попытки или повторы: перечитайте название настройки

# The section on how libraries count (Markdown).
# $resilience4j-max-attempts, $grpc-max-attempts-limit, $polly-max-retry-attempts, $urllib3-total, $urllib3-default-total (numbers)
attempts =
    Одно и то же число в настройке означает в разных библиотеках разное. Одни считают попытки, включая первый вызов, другие только повторы после него, так что значение $n$ даёт в одной библиотеке $n$ вызовов, а в другой $n + 1$:

    - `resilience4j`: `maxAttempts` учитывает первый вызов, по умолчанию { $resilience4j-max-attempts } ([`RetryConfig.java`](https://github.com/resilience4j/resilience4j/blob/0124df713de675b6f88e8176bd71eaf6b15d9db5/resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java)).
    - gRPC: `maxAttempts` в политике повторов учитывает исходный запрос, а клиенты считают любое значение больше { $grpc-max-attempts-limit } равным { $grpc-max-attempts-limit } ([дизайн-документ повторов gRPC](https://github.com/grpc/proposal/blob/master/A6-client-retries.md)).
    - Polly: `MaxRetryAttempts` считает повторы сверх исходного вызова, по умолчанию { $polly-max-retry-attempts } ([документация Polly](https://github.com/App-vNext/Polly/blob/027c73215cec1e89e2ec67214523fde154175a38/docs/strategies/retry.md)).
    - `urllib3`: `total` считает повторы. `Retry()` без аргументов допускает { $urllib3-total }, но пул, которому `Retry` не передан, берёт `Retry.DEFAULT`, а он допускает { $urllib3-default-total }.
    - Этот сайт тоже считает повторы: «повторы» в калькуляторах — это запросы, отправленные после исходного, каждый после своей задержки.

    Перенося политику из одной библиотеки в другую, пересчитайте число: $n$ попыток означают $n - 1$ повторов.

# Heading of the code section.
code-heading = Цикл повторов с джиттером и дедлайном

# The code section (Markdown).
# { $retry-loop } is a code listing provided by the build; keep it on a line of its own.
# Its comments are the listing-* messages below.
code =
    Цикл на Python ниже объединяет всё сказанное на этой странице: он повторяет только временные ошибки, выбирает ожидание с полным джиттером в пределах ограниченной экспоненциальной задержки, не повторяет раньше, чем просит `Retry-After`, и не начинает ожидание, которое закончилось бы после дедлайна.

    { $retry-loop }

    `send` — одна попытка операции, например `get` в конце листинга на встроенном `http.client`: `call(lambda: get("api.example.com", "/v1/items"))`. Его исключения цикл и ловит: отказ или обрыв соединения — `ConnectionError`, тайм-аут — `TimeoutError`. Ошибки другого клиента переведите в эти (у `requests` — `ConnectionError` и `Timeout`, а в `check` читайте `status_code`); остальные ошибки сразу уходят к вызывающей стороне. Калькулятор ниже показывает ожидания той же политики в миллисекундах.

# Comments of the code listing: plain text, one line each, no Markdown.
listing-statuses = Статусы, при которых стоит сделать ещё одну попытку; любой другой статус окончателен.
listing-retryable = Сбой, который может пройти при следующей попытке; хранит ожидание, если сервер его указал.
listing-retry-after-forms = Retry-After содержит секунды или HTTP-дату; всё остальное игнорируется.
listing-check = Превращает статус, допускающий повтор, в исключение, при котором цикл повторяет запрос.
listing-deadline = Один дедлайн на все попытки и ожидания вместе.
listing-out-of-attempts = Попытки кончились: передаём последнюю ошибку дальше.
listing-full-jitter = Полный джиттер: случайное ожидание не дольше ограниченной экспоненциальной задержки.
listing-honor-retry-after = Никогда не повторяем раньше, чем попросил сервер.
listing-check-deadline = Проверяем дедлайн перед ожиданием: лучше прекратить попытки сейчас, чем проснуться, когда уже поздно.
listing-one-attempt = Одна попытка: GET по HTTPS, проверка статуса; соединение закрывается в любом случае.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = На этой странице максимальная задержка должна быть больше нуля.

# Heading of the FAQ section.
faq-heading = Частые вопросы

# FAQ question; .answer is the answer (Markdown).
faq-retry-after-too-long = Что делать, если Retry-After просит ждать дольше, чем я могу?
    .answer = Не повторяйте раньше срока: запрос, отправленный до названного сервером времени, скорее всего, снова отклонят. Сразу верните ошибку и сообщите вызывающей стороне, сколько просил ждать сервер, или поставьте задачу в очередь, чтобы выполнить её позже.

# FAQ question; .answer is the answer (Markdown).
faq-retry-post = Можно ли повторять POST-запрос?
    .answer = Только если сервер способен распознать повтор. Отправляйте ключ идемпотентности, одинаковый для всех попыток одной операции, например заголовок `Idempotency-Key` у Stripe, чтобы сервер вернул первый результат, а не выполнил операцию дважды. Без такого ключа повторяйте POST, только если точно знаете, что он не дошёл до сервера, например когда в соединении было отказано.

# FAQ question; .answer is the answer (Markdown).
faq-which-layer = На каком слое повторять запросы?
    .answer = На одном, обычно ближайшем к зависимости, которая отказывает: он лучше всех понимает ошибку, и его повторы обходятся дешевле всего. Слои выше должны быстро завершаться с ошибкой или делить общий бюджет повторов, чтобы попытки разных слоёв не перемножались.
