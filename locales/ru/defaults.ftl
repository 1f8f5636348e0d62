### The "defaults" page, Russian.
### The retry defaults of widely used libraries side by side; figures come
### from variables formatted by the build. Terms: retry = повтор,
### attempt = попытка, jitter = джиттер, cap = ограничение.

# The page's H1 and <title>.
title = Повторы по умолчанию в популярных библиотеках
# Meta description: plain text, one sentence.
description = Что делают по умолчанию AWS SDK для Python, gRPC, Polly, tenacity и другие, когда вызов не удался, — с рассчитанными задержками.
# Short label for links to this page.
nav-label = Настройки библиотек

intro =
    Политику повторов редко придумывают сами: её наследуют от клиентской библиотеки. Здесь собраны настройки по умолчанию распространённых библиотек и протоколов и то, сколько в сумме ждёт каждая. Чаще всего подводят три различия: считает ли число *попытки* (вместе с первым вызовом) или *повторы*, применяется ли ограничение до джиттера или после, и ограничивает ли тайм-аут одну попытку или всю операцию.

presets-heading = Сравнение настроек по умолчанию
presets =
    Каждая строка — политика библиотеки по умолчанию, как её рассчитывает генератор сайта; если правило библиотеки выходит за рамки того, что выражает расписание сайта, строка показывает ближайшее расписание, а примечание ниже называет отличие. Исключения помечены: «пример» — документированный пример библиотеки, у которой нет значений по умолчанию или которая по умолчанию не ждёт; «включается отдельно» — значения поведения, которое выключено, пока его не включат явно. Итог — сумма всех задержек без времени самих вызовов; где джиттер случаен, P{ $percentile } — итог, который не превышают { $percentile } % прогонов. Для политик без ограничения числа повторов или с лимитом времени показано условное число повторов.

defaults-caption = Настройки повторов и общее ожидание
defaults-column-library = Библиотека
defaults-column-counting = Что считает
defaults-column-policy = Задержки
defaults-column-jitter = Джиттер
defaults-column-min = Общее ожидание, мин.
defaults-column-mean = Общее ожидание, сред.
defaults-column-max = Общее ожидание, макс.
defaults-column-p99 = Общее ожидание, P{ $percentile }
defaults-column-schedule = Расписание
defaults-column-source = Источник
defaults-source = исходный код
defaults-policy = от { $base }, множитель { $multiplier }, без ограничения, повторов: { $retries }
defaults-policy-capped = от { $base }, множитель { $multiplier }, не больше { $cap }, повторов: { $retries }
defaults-sparkline = Средние задержки: { $delays }
preset-counts-attempts = { $count ->
    [one] { $count } попытка
    [few] { $count } попытки
    [many] { $count } попыток
   *[other] { $count } попытки
}
preset-counts-retries = { $count ->
    [one] { $count } повтор
    [few] { $count } повтора
    [many] { $count } повторов
   *[other] { $count } повтора
}
preset-counts-unlimited = без ограничения
preset-counts-time = лимит времени

# The version a preset was read in (plain text): a commit of the main
# branch after a release, a specification as of a date (YYYY-MM-DD), the
# main branch.
preset-version-main-after = ветка main после { $release }
preset-version-as-of = на { $date }
preset-version-main = ветка main

# The mark of a row whose figures are not the library's plain defaults
# (plain text): its documented example, or defaults behind a switch.
defaults-values-example = пример
defaults-values-opt-in = включается отдельно

preset-differs-polynomial = Задержки растут как многочлен; строка — ближайший геометрический ряд.

family-python-heading = Python
family-python =
    tenacity и `urllib3` считают по-разному: tenacity без условия остановки повторяет бесконечно (`stop_after_attempt` считает *попытки*), а `total` в `urllib3` — это число *повторов*. botocore считает попытки и ограничивает задержку до джиттера, поэтому ожидание никогда не длиннее ограничения. Его новое поведение, включаемое только через `AWS_NEW_RETRIES_2026=true`, начинает с гораздо более короткой первой задержки для всех ошибок, кроме ограничения частоты, и учитывает заголовок сервера `x-amz-retry-after`. Из этих библиотек по общему сроку по умолчанию останавливается только клиент Google API: для остальных задайте его сами.
family-java-heading = Java
family-java =
    `maxAttempts` в `resilience4j` и в Spring Retry включает первый вызов: три попытки — это два повтора. Ни одна из библиотек по умолчанию не добавляет джиттер и не ограничивает время одной попытки: в [настройках повторов](https://github.com/resilience4j/resilience4j/blob/af9e7c979f17804f23cc1b76dd7cf268fb58b5c7/resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java#L35-L70) `resilience4j` лимита времени нет (это отдельный [`TimeLimiter`](https://github.com/resilience4j/resilience4j/blob/af9e7c979f17804f23cc1b76dd7cf268fb58b5c7/resilience4j-timelimiter/src/main/java/io/github/resilience4j/timelimiter/TimeLimiterConfig.java#L14)), а [`TimeoutRetryPolicy`](https://github.com/spring-projects/spring-retry/blob/c8977dda2d97c6d73719a5413761cee5e91de34b/src/main/java/org/springframework/retry/policy/TimeoutRetryPolicy.java#L94-L108) в Spring Retry отсчитывает время от первой попытки и ограничивает всю операцию. Время каждой попытки ограничивайте тайм-аутом HTTP-клиента. Клиенты Kafka применяют ограничение после джиттера и останавливаются по `delivery.timeout.ms` — это общий срок, а не тайм-аут попытки.
family-dotnet-heading = .NET
family-dotnet =
    `MaxRetryAttempts` в Polly считает *повторы* сверх исходного вызова. Тайм-аут в Polly — отдельная стратегия, и что он ограничивает, решает [его место в конвейере](https://github.com/App-vNext/Polly/blob/3e2164e50b7dcd2021c95470a6b80a0c032607c5/docs/pipelines/index.md#L294-L308): добавленный после повторов (внутри них), он ограничивает каждую попытку; добавленный до них (снаружи) — все попытки разом.
family-go-heading = Go
family-go =
    cenkalti/backoff останавливается по общему сроку, а не по счёту, и ограничивает задержку до джиттера. В следующих старших версиях задержки те же, но лимит времени перенесён из политики в параметр `WithMaxElapsedTime` функции `Retry` (значение по умолчанию прежнее); рядом появился параметр `WithMaxTries`, по умолчанию без ограничения. Очередь client-go повторяет бесконечно и вдобавок пропускает каждый элемент через ограничитель частоты.
family-rust-heading = Rust
family-rust =
    backon считает *повторы* (выданные задержки) и без явной настройки не добавляет джиттер.
family-ruby-heading = Ruby
family-ruby =
    В Sidekiq задержки растут как многочлен от номера повтора, а джиттер прибавляется сверху: строка — ближайшее геометрическое расписание, и его хвост растягивается на недели.
family-javascript-heading = JavaScript
family-javascript =
    SDK Stripe считают *повторы* и даже с джиттером никогда не ждут меньше постоянного минимума: первой задержки в Python и удвоенной первой задержки в Node.js, где поэтому первые два повтора ждут одинаково.
family-protocol-heading = Протоколы и прокси
family-protocol =
    Политика повторов gRPC считает *попытки* (`maxAttempts`, вместе с первым вызовом), а его переподключение не останавливается никогда. Envoy берёт задержки в целых миллисекундах.
