### The "calculator" page, Russian (the source language of this page).
### Source: the Russian page "Калькулятор экспоненциальной задержки (backoff)".
### The calculator on this page works in milliseconds, and a maximum delay
### of zero means "no limit". Messages are Markdown unless noted otherwise;
### figures always come from variables formatted by the build.

# The page's H1 and <title>.
title = Калькулятор экспоненциальной задержки

# Meta description: plain text, one sentence.
description = Задержка перед каждым повтором, общее ожидание и влияние полного или равного джиттера: калькулятор экспоненциальной задержки прямо в браузере.

# Short label for links to this page.
nav-label = Калькулятор задержки

# Introduction (Markdown).
intro =
    Задайте первую задержку, множитель, максимальную задержку и число повторов — и увидите расписание, по которому пойдёт ваш цикл повторов, сколько всего может ждать запрос и как это меняет полный или равный джиттер.

    Результат пересчитывается по мере ввода.

# Heading of the "how to use" section.
how-to-heading = Как пользоваться

# How to use the calculator (Markdown bulleted list).
how-to =
    - Введите первую задержку в миллисекундах и множитель (два — удвоение каждый раз).
    - Задайте максимальную задержку (ноль — без ограничения) и число повторов.
    - Выберите вид джиттера и смотрите таблицу и итоги.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = На этой странице нулевая максимальная задержка означает «без ограничения».

# Heading of the formula section.
formula-heading = Формула

# Formula section (Markdown).
# { $delay-formula }, { $decorrelated-formula } and { $timeline-formula } are display formulas provided by the build; keep each on a line of its own.
# Inline math must not contain braces: $d(n)$ is the delay before retry $n$.
formula =
    { $delay-formula }

    С полным джиттером фактическая задержка случайна в пределах $[0; d(n)]$, с равным — в пределах $[d(n)/2; d(n)]$, где $d(n)$ — задержка перед повтором $n$ по формуле выше. Нулевая максимальная задержка означает, что ограничения нет: задержка не обрезается, как бы она ни выросла.

    Итоги — это суммы самых коротких, средних и самых длинных задержек по всем повторам.

    Декоррелированный джиттер в том виде, в каком его описывает [AWS Architecture Blog](https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/) этой формуле не следует. Каждая пауза выбирается равномерно между первой задержкой и утроенной предыдущей паузой и обрезается по максимуму; предыдущая пауза сначала равна первой задержке, а множитель не участвует:

    { $decorrelated-formula }

    Здесь $U$ — значение, выбранное равномерно между двумя границами в скобках. Каждая пауза зависит от предыдущей, поэтому перцентили декоррелированного джиттера калькулятор находит не точно, а симуляцией с фиксированным начальным значением: на любом компьютере результат один и тот же.

    Тайм-аут — это время, в течение которого может длиться попытка, прежде чем её сочтут неудачной. Попытка $k + 1$ (повтор $k$) начинается, когда $k$ попыток исчерпали тайм-аут и прошли $k$ задержек:

    { $timeline-formula }

    Общий срок отсчитывается от начала первой попытки. Если задан тайм-аут или общий срок, калькулятор показывает самое раннее, медианное и самое позднее начало каждой попытки, отмечает их на графике вместе с общим сроком и сообщает, как часто последний повтор начинается после него.

# Word for the delay function in the display formula (plain text).
formula-delay = задержка

# Word for the maximum delay in the display formula (plain text).
formula-max = максимум

# Word for the first delay in the display formula (plain text).
formula-base = первая задержка

# Word for the multiplier in the display formula (plain text).
formula-multiplier = множитель

# Heading of the worked example section.
example-heading = Разобранный пример

# The worked example (Markdown). All delays are in seconds ("с").
# $base - first delay; $multiplier; $max - maximum delay; $retries (number) - how many retries
# $uncapped-delays - list of the delays the maximum did not limit; $uncapped-count (number)
# $capped-retries - list of the retry numbers whose delay was cut to the maximum; $capped-count (number)
# The exact-number variants [1] pick the singular wording only for a single
# item: CLDR's "one" would also match 21, 31, … and give wrong grammar here.
# $sum - the delays written out as a sum; $total - the longest total wait
# $total-human - that total, rounded and humanized in this language
# $mean-total-full - the mean total wait with full jitter
example-main =
    Первая задержка { $base } с, множитель { $multiplier }, максимум { $max } с, { $retries ->
        [one] { $retries } повтор
        [few] { $retries } повтора
        [many] { $retries } повторов
       *[other] { $retries } повтора
    }: { $uncapped-count ->
        [1] задержка
       *[other] задержки
    } — { $uncapped-delays } с, а { $capped-count ->
        [1] расчётная задержка { $capped-nominal-delays } с перед повтором { $capped-retries } обрезается
       *[other] расчётные { $capped-nominal-delays } с перед повторами { $capped-retries } обрезаются
    } до { $max } с.

    Самое долгое общее ожидание — { $sum } = { $total } с, оно показывается округлённо: { $total-human }. С полным джиттером среднее общее ожидание вдвое меньше — { $mean-total-full } с.

# Heading of the tips section.
tips-heading = Советы

# Tips (Markdown bulleted list).
tips =
    - Если сервер прислал заголовок `Retry-After`, не повторяйте раньше, чем он просит, но ограничивайте то, что готовы принять (см. страницу о повторах на практике).
    - Ограничьте цикл не только числом повторов, но и общим сроком (дедлайном).
    - Пишите в лог номер попытки, чтобы видеть в продакшене, как часто случаются повторы.

# Heading of the FAQ section.
faq-heading = Частые вопросы

# FAQ question; .answer is the answer (Markdown).
faq-what-is-backoff = Что такое экспоненциальная задержка (exponential backoff)?
    .answer =
        Политика повторов, при которой каждая пауза длиннее предыдущей, обычно вдвое. Сервис, который не справляется с нагрузкой, получает передышку, а клиенты не засыпают его повторами.

        Задержка перед повтором $n$ равна первой задержке, умноженной на множитель в степени $n - 1$, но не больше максимума.

# FAQ question; .answer is the answer (Markdown).
faq-why-jitter = Зачем добавлять джиттер?
    .answer =
        Если много клиентов получили ошибку одновременно, одинаковое расписание заставит их и повторять одновременно. Джиттер (случайный разброс) разводит их во времени.

        Полный джиттер берёт случайную задержку от нуля до расчётной, равный джиттер оставляет половину расчётной, а вторую половину делает случайной.

# FAQ question; .answer is the answer (Markdown).
faq-which-max-delay = Какую максимальную задержку выбрать?
    .answer = Зависит от того, сколько может ждать вызывающая сторона. Для интерактивных запросов максимум обычно — несколько секунд, и после нескольких повторов запрос завершается ошибкой; фоновые задачи могут ждать минутами. Сравните общее ожидание с общим сроком или введите в форму общий срок и тайм-аут попытки: калькулятор покажет, как часто последний повтор начинался бы после общего срока.

# FAQ question; .answer is the answer (Markdown). The HTTP status codes stay as digits.
faq-retry-every-error = Нужно ли повторять запрос при любой ошибке?
    .answer =
        Нет. Повторяйте при тайм-аутах, ошибках соединения и ответах вроде 429 или 503, которые говорят о временной проблеме. Повтор запроса, получившего 400 или 404, просто вернёт ту же ошибку.

        Повторяйте только операции, которые безопасно выполнить ещё раз, или сначала сделайте их идемпотентными.

# Word for a pause of decorrelated jitter in the display formula (plain text).
formula-sleep = пауза

# Word for the start of an attempt in the display formula (plain text).
formula-start = начало

# Word for the timeout per attempt in the display formula (plain text).
formula-timeout = тайм-аут

# Percentiles example (Markdown): the schedule of the first example with full jitter. All delays are in seconds ("s").
# $total - the longest total wait; $mean-total-full - the mean total wait with full jitter
# $p50, $p90, $p99 (numbers) - the percentiles named: 50, 90 and 99; $total-p50, $total-p90, $total-p99 - the total wait at each
example-percentiles =
    Итоги показывают, сколько может длиться прогон, но не то, сколько он длится обычно. С полным джиттером то же расписание ждёт в сумме от нуля до { $total } с, в среднем { $mean-total-full } с. Перцентили дают более полную картину: половина прогонов ждёт не дольше { $total-p50 } с (медиана, P{ $p50 }), девять из десяти — не дольше { $total-p90 } с (P{ $p90 }), и все, кроме одного из ста, — не дольше { $total-p99 } с (P{ $p99 }). Бюджет повторов задавайте по P{ $p99 }: самое долгое общее ожидание, { $total } с, — граница, до которой почти ни один прогон не доходит.
