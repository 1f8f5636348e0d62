### Site-wide strings of backoff-site, Russian.
### Shared by every page: site chrome, the calculator widget, the schedule
### table, humanized durations, error messages and the 404 page.
### Numbers always arrive as variables, already formatted by the build:
### never type a computed figure into a message.

## Site chrome

# The site's name, shown in the header and in every <title>.
site-name = Планировщик повторов

# A page's <title>: the page's own title, then the site's name, with the
# separator your language uses there (a spaced dash, not a hyphen).
# $title - the page's title; $site - the site's name
page-title = { $title } — { $site }

# What the calculator needs, for search engines' structured data (plain text).
calculator-requirements = Нужны JavaScript и WebAssembly

# The name of this language in this language, shown in the language switcher.
language-name = Русский

# Text of the "skip to main content" link for keyboard users.
skip-to-content = Перейти к содержимому

# Link to this language's home page.
nav-home = Главная

# Accessible label (aria-label) of the language switcher navigation.
language-switcher-label = Язык

# Accessible label of the in-page table of contents.
section-contents = На этой странице

## Home page

# The home page's H1 and <title>.
home-title = Экспоненциальная задержка: объяснение и расчёт

# Meta description of the home page: plain text, one sentence.
home-description = Страницы об экспоненциальной задержке (exponential backoff) с калькулятором, который показывает задержку перед каждым повтором и общее ожидание.

# Introduction on the home page (Markdown).
home-intro =
    Экспоненциальная задержка (exponential backoff) разносит повторы во времени: каждая пауза перед новой попыткой длиннее предыдущей, но не больше максимума. Сервис, который не справляется с нагрузкой, получает время прийти в себя, а клиенты не заваливают его повторами.

    Страницы ниже объясняют формулу и позволяют рассчитать расписание повторов прямо в браузере — с джиттером или без него.

# Heading above the list of pages on the home page.
home-pages-heading = Страницы

# The dash between a page's name and its description in a list (the home page, the language chooser), with its spaces as the language sets them; the quotes keep the spaces.
list-dash = { " — " }

## Schedule table (worked example and calculator)

# Caption of the schedule table.
# $retries (number) - how many retries the table lists.
table-caption =
    { $retries ->
        [one] Расписание на { $retries } повтор
        [few] Расписание на { $retries } повтора
        [many] Расписание на { $retries } повторов
       *[other] Расписание на { $retries } повтора
    }

# Column header: the number of the retry.
table-retry = Повтор

# Column header: the delay before that retry.
table-delay = Задержка

# Column header: whether the maximum delay limited this delay (cells: capped-yes / capped-no).
table-capped = Ограничена?

# Column header: the total wait from the original request up to this retry.
table-cumulative = Общее ожидание

# Column header: the mean delay before this retry when jitter is on.
table-mean = Средняя задержка

# Column header: the shortest to longest delay before this retry when jitter is on.
table-range = Диапазон

# Cell text in the "Capped?" column: the maximum limited this delay.
capped-yes = да

# Cell text in the "Capped?" column: the delay is below the maximum.
capped-no = нет

## Units

# Abbreviation shown after a figure in milliseconds.
unit-ms = мс

# Abbreviation shown after a figure in seconds.
unit-s = с

# Word shown after a figure that has no time unit (the "units" choice).
unit-units = ед.

# Option label in the unit selector: milliseconds.
unit-ms-name = Миллисекунды

# Option label in the unit selector: seconds.
unit-s-name = Секунды

# Option label in the unit selector: figures without a unit.
unit-units-name = Без единиц

## Humanized durations
## All variables are numbers already formatted by the build. Keep the
## abbreviations short; no plural forms are needed.

# A duration under one minute.
# $seconds (number, may be fractional) - e.g. 45,75
duration-seconds = { $seconds } с

# A duration from one minute to under one hour.
# $minutes (number), $seconds (number) - e.g. 1 and 32
duration-minutes-seconds = { $minutes } мин { $seconds } с

# A duration from one hour to under one day.
# $hours (number), $minutes (number) - e.g. 2 and 5
duration-hours-minutes = { $hours } ч { $minutes } мин

# A duration of one day or more.
# $days (number), $hours (number), $minutes (number) - e.g. 3, 0 and 7
duration-days-hours-minutes = { $days } дн. { $hours } ч { $minutes } мин

# A duration whose other parts are zero (they are left out). $minutes (number) - e.g. 2
duration-minutes = { $minutes } мин

# A duration whose other parts are zero (they are left out). $hours (number) - e.g. 19
duration-hours = { $hours } ч

# A duration whose other parts are zero (they are left out). $days (number) - e.g. 3
duration-days = { $days } дн.

# A duration whose other parts are zero (they are left out). $days (number), $hours (number) - e.g. 3 and 4
duration-days-hours = { $days } дн. { $hours } ч

# A duration whose other parts are zero (they are left out). $days (number), $minutes (number) - e.g. 3 and 7
duration-days-minutes = { $days } дн. { $minutes } мин

## Calculator widget

# Heading of the calculator section.
calculator-heading = Калькулятор

# Shown instead of the calculator when JavaScript or WebAssembly is unavailable.
calculator-needs-js = Для калькулятора нужны JavaScript и WebAssembly; без них таблица ниже показывает расписание для значений по умолчанию.

# Field label: the delay before the first retry.
calc-base-label = Первая задержка

# Hint under the first-delay field.
calc-base-hint = Ожидание перед первым повтором; больше нуля.

# Field label: the growth factor between consecutive delays.
calc-multiplier-label = Множитель

# Hint under the multiplier field.
calc-multiplier-hint = Не меньше единицы; множитель два удваивает каждую следующую задержку.

# Field label: the largest delay allowed.
calc-max-label = Максимальная задержка

# Hint under the maximum-delay field on pages where zero means "no limit".
calc-max-hint-unlimited = Ноль — без ограничения.

# Hint under the maximum-delay field on pages where the maximum is required.
calc-max-hint-positive = Должна быть больше нуля.

# Field label: the number of retries after the original request.
calc-retries-label = Число повторов

# Hint under the retries field.
calc-retries-hint = Повторы после исходного запроса: целое число от одного до тысячи.

# Label of the switch after the retries field: whether its number counts the retries or all attempts.
calc-count-label = Что означает число

# Option of that switch: retries after the original request.
calc-count-retries = Повторы после исходного запроса

# Option of that switch: attempts, the original request included (one more than the retries).
calc-count-attempts = Попытки вместе с исходным запросом

# Label of the retries field when the switch counts attempts.
calc-attempts-label = Число попыток

# Hint under the field when the switch counts attempts.
calc-attempts-hint = Все попытки вместе с исходным запросом: целое число от двух до тысячи одной.

# Shown when the number of attempts is not a whole number in range.
# $min, $max (numbers) - the fewest and the most attempts
error-attempts = Введите целое число попыток от { $min } до { $max }.

# Label of the jitter selector.
calc-jitter-label = Джиттер

# Jitter option: no randomness, every delay is exactly the computed one.
jitter-none = Нет
# The same kind in a table cell of the defaults page (plain text).
jitter-none-cell = без джиттера
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-none-inline = отсутствие джиттера

# Jitter option: random delay between zero and the computed delay.
jitter-full = Полный
# The same kind in a table cell of the defaults page (plain text).
jitter-full-cell = полный джиттер
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-full-inline = полный джиттер

# Jitter option: half of the computed delay is kept, the other half is random.
jitter-equal = Равный
# The same kind in a table cell of the defaults page (plain text).
jitter-equal-cell = равный джиттер
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-equal-inline = равный джиттер

# Jitter option: the delay varies evenly by up to a share of itself either way (the share is the jitter factor).
jitter-proportional = Пропорциональный
# The same kind in a table cell of the defaults page (plain text); $percent is the factor as a percentage, such as 20.
jitter-proportional-cell = ±{ $percent } % от задержки
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-proportional-inline = пропорциональный джиттер

# Label of the jitter factor field (proportional jitter only).
calc-factor-label = Доля джиттера

# Hint under the jitter factor field.
calc-factor-hint = На какую долю джиттер может отклонить задержку в обе стороны; больше нуля и не больше единицы. Максимальная задержка применяется до джиттера.

# Label of the unit selector.
calc-unit-label = Единица измерения

# Result label: the shortest possible total wait.
calc-total-min = Самое короткое общее ожидание

# Result label: the mean total wait.
calc-total-mean = Среднее общее ожидание

# Result label: the longest possible total wait.
calc-total-max = Самое долгое общее ожидание

# Button: copy the schedule as JSON to the clipboard.
calc-copy-json = Скопировать JSON

# Button: download the schedule as a JSON file.
calc-download-json = Скачать JSON

# Short confirmation after the JSON was copied.
calc-copied = Скопировано

# Shown over the result while an input is invalid.
calc-stale = Результат устарел: одно из полей заполнено неверно. Исправьте его, и результат обновится.

# Shown beside a field when its figure, valid in this page’s notation, means another figure in the notation of another language of the site (“30.000” is 30 in English, 30,000 in German).
# $value - the figure as this page read it, in its notation
calc-read-as = Прочитано как { $value } — в записи чисел этой страницы.

# Shown under a field, which is then disabled, while the kind of jitter chosen does not use it (the multiplier under decorrelated jitter and Polly's jitter, whose delays grow by formulas of their own).
calc-field-unused = Этот вид джиттера не использует это поле: задержки растут по собственной формуле.

# Shown over the result while the module that computes the chosen kind of jitter is still loading (every input is valid).
calc-stale-loading = Это результат для последних рассчитанных значений: часть калькулятора, которая считает этот вид джиттера, ещё загружается.

# Shown over the result when the module that computes the chosen kind of jitter could not be loaded (every input is valid).
calc-stale-load-failed = Это результат для последних рассчитанных значений: часть калькулятора, которая считает этот вид джиттера, не загрузилась. Обновите страницу, чтобы попробовать ещё раз.

# Accessible name of the chart of delays.
calc-chart-label = График задержки перед каждым повтором

## Calculator errors, shown next to the field concerned

# The field does not contain a number.
error-not-a-number = Введите число.

# The first delay is zero or negative.
error-base = Первая задержка должна быть больше нуля.

# The multiplier is below one.
error-multiplier = Множитель должен быть не меньше единицы.

# The jitter factor is not greater than zero and at most one.
error-jitter-factor = Доля джиттера должна быть больше нуля и не больше единицы.

# The maximum delay is not positive, on pages where it is required.
error-max-delay = Максимальная задержка должна быть больше нуля.

# The maximum delay is negative, on pages where zero means "no limit".
error-max-delay-unlimited = Максимальная задержка должна быть не меньше нуля; ноль означает «без ограничения».

# The number of retries is out of range or not whole.
# $min (number) - the fewest retries allowed; $max (number) - the most.
error-retries = Введите целое число от { $min } до { $max }.

# Without a maximum, a delay grew too large to compute.
# $retry (number) - the retry at which it happened ("повтор № 7" avoids ordinal endings).
error-delay-overflow = Задержка перед повтором № { $retry } становится слишком большой для расчёта. Задайте максимальную задержку.

# The total wait grew too large to compute.
# $retry (number) - the retry at which it happened.
error-total-overflow = Общее ожидание до повтора № { $retry } слишком велико для расчёта. Уменьшите максимальную задержку.

## Footer

# Privacy promise in the footer.
footer-privacy = Без cookie и слежки: то, что вы вводите, не покидает браузер.

# One sentence in the footer (Markdown, inline code allowed).
footer-json = То же расписание в формате JSON можно получить из командной строки: `backoff-site schedule`.

## Not-found page

# Title of the 404 page.
not-found-title = Страница не найдена

# Text of the 404 page (Markdown). The template adds a link to the home page; do not write URLs.
not-found-text = По этому адресу страницы нет. Возможно, её перенесли или в адресе есть опечатка.

## Calculator: reading numbers as typed

# A figure written in another notation than the page's, or ambiguously (a comma or point where this language does not put one).
# $example - a figure in this page's notation, with digit groups and decimals.
error-notation = Запишите число так, как на этой странице: дробную часть отделяйте запятой, разряды — при желании пробелом, например { $example }.

# A figure too large to compute with.
# $max - the largest figure accepted.
error-too-large = Слишком большое число: введите не больше { $max }.

# A delay smaller than the smallest figure the table can show.
# $min - the smallest delay accepted (other than zero where zero means no limit).
error-too-small = Слишком малое число: таблица показывает задержки от { $min }.

# Name of the region in which the calculator's table scrolls sideways on narrow screens (plain text).
calc-table-label = Таблица расписания повторов

# A duration of one year (365 days) or more, under a thousand years.
# $years (number), $days (number) - e.g. 2 and 45
duration-years-days = { $years } г. { $days } дн.

# A duration of a thousand years or more.
# $years (number) - e.g. 3170
duration-years = { $years } г.

## Calculator chart

# Legend: the shaded band from the shortest to the longest delay under jitter.
calc-chart-band = Диапазон задержки с джиттером

# Legend: the line of the mean delay under jitter.
calc-chart-mean = Средняя задержка

# Said after the chart's summary when its vertical scale is logarithmic (one sentence).
calc-chart-log = Вертикальная шкала логарифмическая, чтобы были видны и рост, и выход на максимум.

# The chart in words, when no delay reaches the maximum.
# $first - the first delay with its unit; $last - the last delay with its unit.
calc-chart-summary = Задержки растут от { $first } до { $last }.

# The chart in words, when the maximum cuts the delays.
# $first, $last - the first and last delays with their unit; $retry - the first retry whose delay is cut.
calc-chart-summary-capped = Задержки растут от { $first } до { $last }, и начиная с повтора № { $retry } их ограничивает максимум.

# The chart in words, when every delay is the same (a multiplier of 1, or a first delay at the maximum).
# $first - that delay with its unit.
calc-chart-summary-constant = Все задержки равны { $first }.

## Calculator presets

# Label of the selector that fills the form with a library’s defaults (plain text).
calc-preset-label = Начать с настроек библиотеки
# The selector’s first option: the reader’s own values.
calc-preset-own = Своя политика
# Status beside the selector once a field no longer holds the chosen library’s value (plain text, one word or two).
calc-preset-modified = изменено
# The selector’s groups (plain text).
# The label of each preset of content/presets.toml (plain text); $name is the
# library's own name.
preset-aws-standard = AWS SDK для Python ({ $name }), стандартный режим повторов
preset-aws-standard-2026 = AWS SDK для Python ({ $name }), стандартный режим повторов, новое поведение
preset-grpc-connection = Задержка переподключения gRPC ({ $name })
preset-grpc-retry-policy = Политика повторов gRPC ({ $name })
preset-google-api-core = Клиент Google API для Python ({ $name })
preset-gax-go = Клиент Google API для Go ({ $name } Backoff)
preset-polly = { $name }, повторы (RetryStrategyOptions)
preset-polly-jitter = { $name }, экспоненциальная задержка с джиттером
preset-resilience4j = Повторы { $name } (Retry)
preset-spring-retry = Повторы { $name }, ExponentialBackOffPolicy
preset-spring-retryable = Повторы { $name }, @Retryable
preset-finagle = Повторы { $name } MethodBuilder
preset-tenacity = { $name }, wait_exponential()
preset-urllib3 = Повторы { $name } (Retry)
preset-celery = { $name }, повтор задачи
preset-celery-backoff = { $name }, повтор с retry_backoff=True
preset-sidekiq = { $name }, повтор задания
preset-cenkalti-backoff = { $name } ExponentialBackOff
preset-backon = { $name } ExponentialBuilder
preset-client-go-workqueue = Kubernetes { $name } workqueue, ограничитель частоты контроллера
preset-envoy = { $name }, политика повторов маршрута
preset-kafka = Клиенты { $name }, задержка повтора (retry.backoff)
preset-stripe-python = Stripe SDK для Python ({ $name })
preset-stripe-node = Stripe SDK для Node.js ({ $name })
preset-go-retryablehttp = HashiCorp { $name }

calc-preset-group-python = Python
calc-preset-group-java = Java и Scala
calc-preset-group-dotnet = .NET
calc-preset-group-go = Go
calc-preset-group-rust = Rust
calc-preset-group-ruby = Ruby
calc-preset-group-javascript = JavaScript
calc-preset-group-protocol = Протоколы и прокси
# What the chosen library counts (plain text). $count is the library’s number, $retries the calculator’s.
calc-preset-attempts = { $count ->
    [one] { $count } попытка
    [few] { $count } попытки
    [many] { $count } попыток
   *[other] { $count } попытки
} вместе с первым вызовом: { $retries ->
    [one] { $retries } повтор.
    [few] { $retries } повтора.
    [many] { $retries } повторов.
   *[other] { $retries } повтора.
}
calc-preset-retries = { $retries ->
    [one] { $retries } повтор после первого вызова.
    [few] { $retries } повтора после первого вызова.
    [many] { $retries } повторов после первого вызова.
   *[other] { $retries } повтора после первого вызова.
}
calc-preset-unlimited = Число повторов не ограничено; калькулятор показывает { $retries }.
calc-preset-time = Останавливается по лимиту времени, а не по счёту; калькулятор показывает повторов: { $retries }.
# What the calculator cannot express of the chosen library (plain text, one sentence each).
calc-preset-differs-unlimited = Не останавливается по числу повторов; в таблице — только первые повторы.
calc-preset-differs-time-limit = Останавливается по общему сроку, а не по числу повторов.
calc-preset-differs-retry-quota = Квота или ограничитель частоты может отклонить повтор или добавить к нему задержку.
calc-preset-differs-first-delay-unjittered = Первая задержка равна базовой без джиттера; джиттер получают только следующие.
calc-preset-differs-immediate-first-retry = Первый повтор — сразу; следующие ждут задержки из таблицы.
calc-preset-differs-whole-units = Задержки берутся в целых секундах или миллисекундах.
calc-preset-differs-polynomial = Задержки растут как многочлен; расписание — ближайший геометрический ряд.
calc-preset-differs-additive-jitter = Джиттер прибавляется к задержке, и его диапазон растёт с каждым повтором.
calc-preset-differs-cap-after-jitter = Ограничение применяется и после джиттера, поэтому ни одна задержка его не превышает; расписание здесь может выбрать задержку у ограничения и выше него.
calc-preset-differs-floor-at-first-delay = Ни одна задержка не короче первой.
calc-preset-differs-floor-at-twice-first-delay = Ни одна задержка не короче удвоенной первой задержки, поэтому первые два повтора ждут ровно столько.
calc-preset-differs-floor-at-previous-delay = Ни одна задержка не короче предыдущей.
calc-preset-differs-retry-after-header = Заголовок retry-after от сервера может удлинить задержку, но в известных пределах.
calc-preset-differs-throttling-longer = Повторы после ограничения частоты (throttling) начинаются с более длинной первой задержки.

## Calculator: the policy as code

# Summary of the collapsible part that shows the policy as library configuration (plain text).
calc-code-heading = В виде кода
# Plain text, above the snippets.
calc-code-intro = Политика из калькулятора в виде настроек популярных библиотек повторов (задержки — в миллисекундах); код обновляется вместе с формой. Во всех языковых версиях сайта код одинаков, переведены только комментарии.
# A comment at the top of each snippet (plain text; becomes a code comment).
calc-code-comment = Политика повторов из калькулятора задержек.
# A second comment when the library cannot reproduce the schedule exactly (plain text; becomes a code comment).
calc-code-differs = Расписание не совпадает с расписанием калькулятора точно: см. примечания над кодом.
# Shown above a snippet that reproduces the schedule (plain text).
calc-code-exact = Даёт в точности расписание калькулятора.
# How a library’s schedule differs from the calculator’s (plain text, one sentence each).
# $multiplier, $percent - numbers; $jitter - a jitter kind’s name; $delay, $library, $core, $max - durations with their unit; $retry, $retries, $max_attempts - counts.
calc-code-differs-multiplier-fixed = Множитель в библиотеке фиксирован и равен { $multiplier }, и в коде стоит он.
calc-code-differs-jitter-unsupported = Библиотека не предлагает такой джиттер, как { $jitter }, поэтому код обходится без него.
calc-code-differs-jitter-fixed = Единственный джиттер библиотеки — { $jitter }, ±{ $percent } % от каждой задержки; в коде стоит он.
calc-code-differs-immediate-first-retry = Первый повтор — сразу, без ожидания { $delay }, а следующие ждут задержки калькулятора.
calc-code-differs-whole-milliseconds = Задержки — целые миллисекунды с отбрасыванием дробной части: начиная с повтора № { $retry }, библиотека ждёт { $library }, а калькулятор — { $core }.
calc-code-differs-whole-millisecond-draws = Каждая случайная задержка округляется вниз до целых миллисекунд.
calc-code-differs-cap-after-jitter = Библиотека ограничивает задержку после джиттера, поэтому ни одна задержка не превышает { $max }, а у калькулятора задержки с джиттером могут её превысить.
calc-code-differs-attempts-limited = Больше { $max_attempts } попыток библиотека не делает, то есть не больше { $retries } повторов.
calc-code-differs-single-precision = Задержки считаются с одинарной точностью, с относительной погрешностью порядка одной десятимиллионной.
calc-code-differs-longest-setting = Библиотека не принимает длительностей больше { $longest }, поэтому вместо более длинных в коде стоит { $longest }.
calc-code-differs-longest-delay = Без ограничения задержки в библиотеке перестают расти на { $longest }, самой большой длительности, которую она может хранить; у калькулятора они растут дальше.
calc-code-differs-largest-multiplier = Множитель в библиотеке не больше { $multiplier }, и в коде стоит это значение.
# The button that copies one snippet’s code (plain text).
calc-code-copy = Скопировать код
# Shown in the “as code” part while a field of the form holds a bad value (plain text).
calc-code-stale = Код ниже — для последних допустимых значений, а не для значений в форме.
## Calculator: decorrelated jitter, percentiles and the attempt timeline

# Jitter option ("decorrelated jitter", after the AWS Architecture Blog): each delay is drawn between the first delay and three times the previous delay.
jitter-decorrelated = Декоррелированный
# The same kind in a table cell of the defaults page (plain text).
jitter-decorrelated-cell = декоррелированный
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-decorrelated-inline = декоррелированный джиттер

# Jitter option ("decorrelated jitter backoff V2" of the .NET library Polly, its exponential backoff with jitter): each delay is the growth of 2^t · tanh(√(4t)) from the previous draw of t to this one, t drawn between the retry’s number minus one and its number.
jitter-polly = Джиттер Polly
# The same kind in a table cell of the defaults page (plain text).
jitter-polly-cell = джиттер Polly
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-polly-inline = джиттер Polly

# Label of the optional timeout field: how long one attempt may run before it counts as failed.
calc-timeout-label = Тайм-аут попытки

# Hint under the timeout field.
calc-timeout-hint = Необязательно: сколько может длиться каждая попытка, прежде чем она будет считаться неудачной; ноль или больше. Оставьте пустым, чтобы считать попытки мгновенными.

# Label of the optional deadline field: the time limit for all attempts and waits together.
calc-deadline-label = Общий срок

# Hint under the deadline field.
calc-deadline-hint = Необязательно: время от начала первой попытки, к которому должны начаться все повторы; больше нуля и не меньше тайм-аута.

# Error under the timeout field.
error-timeout = Тайм-аут не может быть отрицательным.

# Error under the deadline field: not above zero, or shorter than the timeout of the first attempt.
error-deadline = Общий срок должен быть больше нуля и не меньше тайм-аута.

# Result label: a percentile of the total wait (P50 is the median: half of the runs wait less).
# $percentile (number) - the percentile, e.g. 99: that share of runs, in percent, stays under the figure
calc-total-percentile = Общее ожидание, P{ $percentile }

# Caption of the attempt timeline table.
calc-timeline-caption = Когда начинается каждая попытка

# Timeline column: the attempt's number (1 is the original request).
calc-timeline-attempt = Попытка

# Timeline column: the earliest start of the attempt.
calc-timeline-earliest = Самое раннее начало

# Timeline column and chart legend: the median start of the attempt.
calc-timeline-median = Медиана начала

# Timeline column: the latest start of the attempt.
calc-timeline-latest = Самое позднее начало

# Caption and name of the timeline chart.
calc-timeline-chart-label = График начала каждой попытки

# Caption and name of the timeline chart when it draws only the first attempts (the table lists them all).
# $drawn (number) - the attempts drawn, the first ones; $attempts (number) - all attempts, more than $drawn
calc-timeline-chart-label-first = График начала первых попыток: { $drawn } из { $attempts } (все они — в таблице)

# Chart legend: the bar from the earliest to the latest start.
calc-timeline-range = От самого раннего до самого позднего начала

# Chart label of the deadline line (followed by a colon and the deadline).
calc-timeline-deadline = Общий срок

# The verdict with a timeout and no deadline.
# $percentile (number) - the percentile of the figures, 99; $p99 - the total wait at that percentile, with its unit; $timeout - the timeout per attempt, with its unit; $last - when the last retry starts at that percentile, with its unit
calc-verdict-timeout = { $spread ->
        [certain] Общее ожидание — { $p99 }, а с тайм-аутом { $timeout } на попытку последний повтор начинается в { $last }.
       *[random] Общее ожидание по P{ $percentile } — { $p99 }, а с тайм-аутом { $timeout } на попытку последний повтор начинается не позже { $last }.
    }

# The verdict with a timeout and a deadline.
# $percentile, $p99, $timeout, $last - as above; $deadline - the deadline, with its unit; $late - the percentage of runs in which the last retry starts after the deadline, in the page’s notation: whole, to a tenth where a whole number would read 0 or 100, or “< 0.1” or “> 99.9” (an outcome that is not certain never reads 0 % or 100 %); $odds - always: it starts after the deadline on every run, never: on none (a schedule without jitter is one or the other), some: on $late percent of them; $spread - certain: a schedule without jitter, whose total wait is the same on every run ($p99 is that total), random: any other
calc-verdict-deadline = { $spread ->
        [certain] Общее ожидание — { $p99 }, а с тайм-аутом { $timeout } на попытку последний повтор начинается в { $last }, { $odds ->
            [always] после общего срока { $deadline }.
           *[never] до общего срока { $deadline }.
        }
       *[random] Общее ожидание по P{ $percentile } — { $p99 }, а с тайм-аутом { $timeout } на попытку последний повтор начинается не позже { $last }, { $odds ->
            [always] и всегда — после общего срока { $deadline }.
            [never] и всегда — до общего срока { $deadline }.
           *[some] и в { $late } % случаев — после общего срока { $deadline }.
        }
    }

# The verdict with a deadline and no timeout (attempts count as instant).
# $percentile, $p99, $last, $deadline, $late, $odds - as above
calc-verdict-deadline-untimed = { $spread ->
        [certain] Общее ожидание — { $p99 }, и если считать попытки мгновенными, последний повтор начинается в { $last }, { $odds ->
            [always] после общего срока { $deadline }.
           *[never] до общего срока { $deadline }.
        }
       *[random] Общее ожидание по P{ $percentile } — { $p99 }, и если считать попытки мгновенными, последний повтор начинается не позже { $last }, { $odds ->
            [always] и всегда — после общего срока { $deadline }.
            [never] и всегда — до общего срока { $deadline }.
           *[some] и в { $late } % случаев — после общего срока { $deadline }.
        }
    }
## Calculator: many clients

# Label of the field: how many clients lose the service at the same moment and then retry on the schedule above (plain text).
calc-clients-label = Клиенты, у которых сбой случился одновременно

# Hint under that field (plain text).
calc-clients-hint = Сколько клиентов одновременно сталкивается со сбоем и повторяет запросы по этому расписанию: целое число от одного до десяти тысяч.

# Shown when the number of clients is not a whole number in range.
# $min, $max (numbers) - the least and the most clients
error-clients = Введите целое число клиентов от { $min } до { $max }.

# Caption and accessible name of the chart of retry starts per interval of time (plain text).
calc-herd-label = Сколько повторов начинается в каждый промежуток времени, если у всех клиентов сбой произошёл одновременно и все попытки неудачны

# Title of the chart's time axis (plain text).
calc-herd-time = Время после сбоя

# The chart in words: the busiest interval.
# $peak (number) - the most retries that start in one interval; $width - the interval's length with its unit; $at - when that interval begins, with its unit
calc-herd-summary =
    { $peak ->
        [one] Пик — { $peak } повтор за { $width }, начиная с отметки { $at }.
        [few] Пик — { $peak } повтора за { $width }, начиная с отметки { $at }.
        [many] Пик — { $peak } повторов за { $width }, начиная с отметки { $at }.
       *[other] Пик — { $peak } повтора за { $width }, начиная с отметки { $at }.
    }

## Calculator: what the retries cost the server

# Label of the optional field: the probability that one attempt fails (plain text).
calc-failure-rate-label = Доля неудачных попыток

# Hint under that field (plain text).
calc-failure-rate-hint = Вероятность неудачи одной попытки: от нуля (удаются все попытки) до единицы (не удаётся ни одна). Попытки считаются независимыми друг от друга.

# Shown when the failure rate is not a number in range.
# $min, $max (numbers) - the least and the greatest rate
error-failure-rate = Введите долю неудачных попыток от { $min } до { $max }.

# Label of the optional field: how many layers of services, each calling the next, retry with this policy (plain text).
calc-layers-label = Уровни с повторами

# Hint under that field (plain text).
calc-layers-hint = Сколько сервисов в цепочке вызовов повторяет запросы по этой политике; пустое поле — один уровень. С каждым уровнем повторы множатся.

# Shown when the layers are not a whole number in range.
# $min, $max (numbers) - the fewest and the most layers
error-layers = Введите целое число уровней от { $min } до { $max }.

# Shown at the layers field when it is filled in but the failure rate is empty.
error-layers-without-failure-rate = Введите и долю неудачных попыток: именно их число множится с каждым уровнем.

# Label of the expected number of attempts per request, the first one included (plain text).
calc-cost-attempts = Среднее число попыток на запрос

# Label of the share of requests that finally succeed (plain text).
calc-cost-success = Доля успешных запросов

# Label of the expected attempts that reach the failing service at the bottom, per request at the top of the layers.
# $layers (number) - the number of layers
calc-cost-bottom = { $layers ->
        [one] Среднее число попыток на нижнем из { $layers } уровня
        [few] Среднее число попыток на нижнем из { $layers } уровней
        [many] Среднее число попыток на нижнем из { $layers } уровней
       *[other] Среднее число попыток на нижнем из { $layers } уровня
    }

# Label of the attempts at the bottom when every attempt fails (plain text).
calc-cost-bottom-worst = Число попыток на нижнем уровне, если все попытки неудачны

# Label of the share of requests at the top of the layers that finally succeed (plain text).
calc-cost-top-success = Доля успешных запросов на верхнем уровне

# A share in percent.
# $percent - the percentage in the page’s notation, to two decimals; “< 0.01” or “> 99.99” where rounding would make an uncertain outcome read 0 or 100
calc-cost-percent = { $percent } %

# The name of gRPC’s retry throttling with gRFC A6’s example figures (it is off unless a service config sets it), as it stands in the labels below.
# $spec - the specification’s name, gRFC A6
calc-budget-grpc-throttling-example = ограничение повторов gRPC с параметрами из примера { $spec }

# The name of botocore’s retry quota in its standard mode, as it stands in the labels below.
calc-budget-aws-retry-quota = квота повторов botocore

# The name of the same quota under the variable AWS_NEW_RETRIES_2026, as it stands in the labels below.
# $switch - the environment variable’s name, AWS_NEW_RETRIES_2026
calc-budget-aws-retry-quota-2026 = квота повторов botocore при { $switch }

# The name of Envoy’s retry budget with the defaults it takes once a cluster sets retry_budget (it is off unless set), as it stands in the labels below.
calc-budget-envoy-retry-budget = бюджет повторов Envoy (если он задан)

# The name of Finagle’s default retry budget (on for every client), as it stands in the labels below: its figures hold for a client that was idle before (nothing deposited or withdrawn within its window) and sends many requests a second.
calc-budget-finagle-retry-budget = бюджет повторов Finagle (у клиента после простоя, при многих запросах в секунду)

# Label: how many retries the chosen preset’s retry budget lets through, starting full, when every attempt fails.
# $budget - the budget’s name (one of the messages above)
calc-budget-from-full = Сколько повторов пропускает { $budget }, если вначале запас полон, а все попытки неудачны

# Label, for a budget that limits the retries in flight at once (Envoy’s) instead of counting failures: when it stops retrying failing requests sent one after another.
# $budget - the budget’s name
calc-budget-in-a-row = Когда { $budget } прекращает повторы при неудачных запросах подряд

# The figure of that label: never; under load it holds retries to a share of the requests in flight, the figure below.
calc-budget-never = Никогда: он ограничивает лишь число одновременных повторов, а при множестве запросов — их долей (см. ниже)

# The figure of that label.
# $retries (number) - the retries let through; $calls (number) - the requests in a row that get all their retries
calc-budget-from-full-figure = { $calls ->
        [one] { $retries } ({ $calls } неудачный запрос подряд получает все свои повторы)
        [few] { $retries } ({ $calls } неудачных запроса подряд получают все свои повторы)
        [many] { $retries } ({ $calls } неудачных запросов подряд получают все свои повторы)
       *[other] { $retries } ({ $calls } неудачного запроса подряд получают все свои повторы)
    }

# Label: the attempts per request the budget allows in the long run at the failure rate given.
# $budget - the budget’s name
calc-budget-held = Сколько попыток на запрос допускает { $budget } в установившемся режиме при такой доле неудач

# Label: the failure rate above which the budget stops retries in the long run (gRPC’s throttling has one).
# $budget - the budget’s name
calc-budget-edge = Доля неудач, выше которой { $budget } прекращает повторы в установившемся режиме

# Shown under the figures (plain text).
calc-cost-note = Точный расчёт в предположении, что каждая попытка не удаётся с заданной вероятностью независимо от остальных. На деле сбои идут сериями, когда сервис перегружен, и тогда каждый повтор ещё больше его нагружает.

# A link under the cost's figures to the page of retry storms (plain text).
calc-cost-storms = Что повторы делают с уже перегруженным сервисом: шторм повторов в симуляции

## Calculator: the distribution of the total wait

# Name and caption of the chart of the total wait's distribution: how many runs (in percent) wait less than each total.
calc-curve-label = Доля прогонов, в которых общее ожидание меньше значения на оси

# Title of the chart's time axis, and the heading of the table's figure column.
calc-curve-total = Общее ожидание

# Heading of the table's first column.
calc-curve-head-percentile = Перцентиль

# A percentile's name on the chart and in the table.
# $percentile - the percentile, 0 to 100
calc-curve-percentile = P{ $percentile }

# The line on the chart at the longest total with which the last retry still starts before the deadline.
# $room - that total, with its unit
calc-curve-room = Общий срок за вычетом тайм-аутов: { $room }

# Under the chart (plain text).
# $min - the shortest total wait
# $max - the longest total wait
# $p50 - the median
# $p90 - the 90th percentile
# $p99 - the 99th percentile
# $share90 - 90 % in the page's notation
# $share99 - 99 % in the page's notation
calc-curve-summary = Общее ожидание — от { $min } до { $max }. В половине прогонов оно меньше { $p50 }, в { $share90 } — меньше { $p90 }, в { $share99 } — меньше { $p99 }.

# The title of the part that opens the chart's figures as a table, and that table's caption.
calc-curve-caption = Общее ожидание по каждому десятому перцентилю

## Calculator: one sample run

# The button under the chart of delays that draws one seeded run of the policy over the chart's bands.
calc-sample-draw = Показать случайный прогон

# The same button once a run is drawn.
calc-sample-another = Показать другой случайный прогон

# The chart legend's words for the run's points.
calc-sample-legend = Случайный прогон

# Under the chart once a run is drawn.
# $seed - the seed that names the run (digits only, as in the address)
# $total - the run's total wait, with its unit
calc-sample-summary = Общее ожидание в этом случайном прогоне (начальное значение { $seed }) — { $total }. С тем же начальным значением и здесь, и в командной строке получится тот же прогон.

# Caption of the table of the run's delays (also the name of its scroll region).
calc-sample-table = Задержки случайного прогона

## Calculator: what fits the deadline

# Heading of the answers under the timeline, shown once a deadline is given.
calc-fit-heading = Что укладывается в общий срок

# Label of the most retries whose start is before the deadline (the count switch counts retries).
calc-fit-most-retries = Наибольшее число повторов, успевающих начаться до общего срока

# The same when the count switch counts attempts (the original request included).
calc-fit-most-attempts = Наибольшее число попыток, успевающих начаться до общего срока

# The three counts of the label above.
# $worst - the count when every delay is at its longest
# $p99 - the count at that percentile
# $percentile - the percentile, 99
# $p50 - the count at the median
calc-fit-most-figure = { $worst } при самых долгих задержках; { $p99 } по P{ $percentile }; { $p50 } по медиане

# Label of the largest first delay with which the policy’s last retry still starts before the deadline at that percentile.
# $percentile - the percentile, 99
calc-fit-base = Наибольшая первая задержка, при которой последний повтор успевает начаться в срок по P{ $percentile }

# Label of the largest maximum delay with which it does.
# $percentile - the percentile, 99
calc-fit-max-delay = Наибольшее значение максимальной задержки, при котором последний повтор успевает начаться в срок по P{ $percentile }

# Answer when every value fits (a maximum delay holds every first delay low enough).
calc-fit-any = Любое значение

# Answer for the maximum delay when the policy fits without one.
calc-fit-any-max-delay = Любое: максимальная задержка не нужна

# Answer when no value fits: the timeouts alone reach the deadline, or not even the shortest delay fits.
calc-fit-none = Ни одно значение не подходит

# Shown while the answers are being worked out.
calc-fit-working = Ищем значения, которые укладываются в срок…

# Shown when the part of the calculator that works out the answers could not run.
calc-fit-failed = В этом браузере не удалось рассчитать, что укладывается в срок.

# Shown under the answers (plain text).
calc-fit-note = Значения найдены поиском по расчётам самого калькулятора, поэтому они так же точны, как перцентили выше. Задержки округлены вниз, так что показанные значения укладываются в срок.

## Calculator: the optional fields

# Legend of the group of optional fields: the timeout per attempt, the deadline, the failure rate, the layers and the clients that fail together (plain text).
calc-optional-legend = Необязательные поля

## Calculator: how the percentiles are computed

# Shown under the percentiles of the total wait: how they were computed and what they are rounded to, so that no digit finer than the method's error is shown.
# $method - grid: each retry's delay distribution added on a grid of small steps (for none, full, equal and proportional jitter); sample: a seeded simulation of many runs (decorrelated jitter); exact: nothing needs rounding
# $percentile (number) - the percentile whose interval is given, 99; $error - the method's error, with its unit: one grid step, or the width of the 99 % confidence interval of that percentile; $place - the step the figures are rounded to, with its unit (a power of ten, e.g. 10 ms)
calc-percentiles-method =
    { $method ->
        [grid] Перцентили вычислены на сетке и отличаются от точных значений не больше чем на один шаг сетки ({ $error }), поэтому они округлены до { $place }.
        [sample] Перцентили получены моделированием множества прогонов с фиксированным начальным значением; P{ $percentile } известен с точностью до { $error }, поэтому они округлены до { $place }.
       *[exact] Перцентили показаны без округления: для этого расписания метод не даёт погрешности.
    }
