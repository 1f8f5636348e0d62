### The "storms" page, Russian.
### What retries do to a server that is already struggling: the core's
### retry-storm model, run by the build. Every figure is a variable: the
### build runs the scenarios of content/storms.toml and formats their
### results in the page's notation. The sections "layers", "collapse",
### "systems", "budgets" and "libraries", and every message whose id starts
### with one of those names, receive the same variables (listed in
### TRANSLATING.md). Messages are Markdown unless noted otherwise. A figure
### and its unit are joined by a no-break space.
### Terms as on the other pages: retry = повтор, attempt = попытка,
### backoff = задержка, timeout = тайм-аут, run = прогон, retry budget =
### бюджет повторов, retry quota = квота повторов, gRPC retry throttling =
### ограничение повторов; also retry storm = шторм повторов, metastable
### failure = метастабильный отказ, token bucket = корзина токенов, circuit
### breaker = автоматический выключатель, success = успешный ответ, failure
### rate = доля неудач. Where Russian would put a plural after a figure,
### a plural selector chooses it, or the noun comes first ("попыток на
### запрос: { $x }"); the lab's messages are filled in by its script and
### take no selectors. The lab is «лаборатория».

# The page's H1 and <title>.
title = Шторм повторов: когда повторы обрушивают сервис

# Meta description: plain text, one sentence.
description = Что повторы делают с сервером, который уже отказывает: умножение нагрузки, метастабильный отказ и бюджеты повторов в симуляции при сборке.

# Short label for links to this page.
nav-label = Шторм повторов

# Introduction (Markdown).
intro =
    Остальные страницы сайта отвечают на вопрос клиента: сколько мне ждать? Эта отвечает на вопрос сервера. Повтор — это ещё один запрос к сервису, который только что не справился с предыдущим, а не справляется сервис обычно потому, что работы у него больше, чем он может выполнить. Повторы способны превратить короткую перегрузку в отказ, который длится дольше своей причины. Бронсон и соавторы назвали такой отказ *метастабильным* (metastable failure): триггер переводит систему в плохое состояние, и оно сохраняется, даже когда триггера уже нет, потому что его поддерживает петля обратной связи, например повторы.

    Каждый график ниже — симуляция, которую сборка выполняет тем же ядром, что и калькулятор: клиенты, сервер, у которого время ответа растёт с нагрузкой, тайм-ауты и повторы по любой политике, с бюджетом повторов или без него. В основе моделей — опубликованные симуляторы Марка Брукера (Marc Brooker); `backoff-site storm` проведёт симуляцию любого вашего сценария.

# Heading of the layers section (plain text).
layers-heading = Повторы множатся от слоя к слою

# Retries through layers (Markdown).
# $layers: services in a row; $layer-attempts: attempts each makes;
# $bottom-attempts: attempts that reached the server per request, simulated
layers =
    Запрос редко попадает прямо в тот сервис, который отказывает. Обычно он проходит через несколько сервисов, и каждый из них может повторить свой вызов к следующему, нижележащему. Эти повторы перемножаются: если подряд стоят { $layers ->
        [one] { $layers } сервис
        [few] { $layers } сервиса
        [many] { $layers } сервисов
       *[other] { $layers } сервиса
    } и каждый делает { $layer-attempts ->
        [one] { $layer-attempts } попытку
        [few] { $layer-attempts } попытки
        [many] { $layer-attempts } попыток
       *[other] { $layer-attempts } попытки
    }, то каждый уровень умножает число попыток под собой на { $layer-attempts }, и для одного запроса, который отказывает на всех уровнях, число попыток внизу составит { $layer-attempts } в степени { $layers }. В симуляции, где сервер отвечает ошибкой на каждую попытку, на каждый запрос до сервера дошло попыток: { $bottom-attempts }.

    Поэтому AWS Builders’ Library советует повторять запросы только в одном месте стека: повторы на каждом слое умножают нагрузку на самый нижний сервис именно тогда, когда он меньше всего способен её выдержать.

# Heading of the collapse section (plain text).
collapse-heading = Всплеск, после которого система не восстанавливается

# The collapse scenario and what the chart shows (Markdown).
# $spike-rate, $spike-peak: requests a second before and during the spike;
# $spike-at, $spike-length: when the spike starts and how long it lasts, s;
# $server-time, $server-slope: the server's time for an attempt alone and
# what each attempt in progress adds, s; $server-most: 1 / $server-slope;
# $network: mean network delay each way, s; $timeout, s; $attempts;
# $backoff-base: the first retry's longest wait, s; $runs;
# $spike-within: time after the spike a run has to recover in, s;
# $recovered, $recovered-backoff: runs (of $runs) that recovered;
# $share-before, $share-after, $share-after-backoff: successes per new
# request before the spike and from $spike-within after it, % (the backlog
# can take it over 100);
# $amplification, $amplification-backoff: attempts per request
collapse =
    Это симулятор перегрузочного коллапса Брукера (`simple_collapse_sim` в `mbrooker/simulator_example`). Одна попытка, если других нет, занимает у сервера { $server-time } с, и каждая попытка, которая уже выполняется, добавляет ещё { $server-slope } с. По закону Литтла он успевает за нагрузкой, только пока она меньше { $server-most ->
        [one] { $server-most } запроса
        [few] { $server-most } запросов
        [many] { $server-most } запросов
       *[other] { $server-most } запроса
    } в секунду, а по мере приближения к этому пределу время ответа круто растёт. Клиенты отправляют { $spike-rate ->
        [one] { $spike-rate } запрос
        [few] { $spike-rate } запроса
        [many] { $spike-rate } запросов
       *[other] { $spike-rate } запроса
    } в секунду, перестают ждать ответа на попытку через { $timeout } с и делают не больше { $attempts ->
        [one] { $attempts } попытки
        [few] { $attempts } попыток
        [many] { $attempts } попыток
       *[other] { $attempts } попытки
    }. Начиная с отметки { $spike-at } с, в течение { $spike-length } с они отправляют по { $spike-peak } в секунду.

    Без задержки всплеск поднимает время ответа выше тайм-аута. Каждая попытка, завершившаяся тайм-аутом, тут же повторяется, сервер продолжает обрабатывать попытки, от которых клиенты уже отказались, а повторы держат его под такой же нагрузкой, как и всплеск. Триггер прошёл, а перегрузка осталась. В течение { $spike-within } с после конца всплеска восстановилось прогонов: { $recovered } из { $runs }. По всем прогонам вместе успешные ответы начиная с этого момента составили { $share-after } % от числа новых запросов, тогда как до всплеска — { $share-before } %. Прогоны, в которых система так и не восстановилась, и есть метастабильный отказ. В самом симуляторе Брукера, запущенном сто раз в опубликованном виде, успешные ответы с этого момента составили { $published-share-after } % от числа новых запросов.

    С задержкой и джиттером, как в симуляторе (первый повтор — после случайного ожидания до { $backoff-base } с), восстановилось прогонов: { $recovered-backoff } из { $runs }. Успешные ответы после всплеска составили { $share-after-backoff } % от числа новых запросов (с учётом накопившейся очереди). Задержка не отменила повторы попыток, истёкших во время всплеска, а перенесла их на время после него, когда у сервера уже хватало на них ресурсов.

# The chart's accessible name (plain text).
collapse-chart-label = Новые запросы, успешные ответы, повторы и тайм-ауты в секунду во времени: сначала без задержки, затем с задержкой

# Title of a panel's value axis (plain text, short).
collapse-axis = в секунду

# The chart's text alternative (Markdown, inline).
collapse-chart-summary = Две панели, средние значения по { $runs ->
        [one] { $runs } прогону
        [few] { $runs } прогонам
        [many] { $runs } прогонам
       *[other] { $runs } прогонам
    }, всплеск затенён. Без задержки успешных ответов во время всплеска становится меньше и их число остаётся низким, а повторы и тайм-ауты держатся на высоком уровне. Восстановилось прогонов: { $recovered } из { $runs }. С задержкой после всплеска успешные ответы возвращаются к темпу новых запросов. Восстановилось прогонов: { $recovered-backoff } из { $runs }.

# Caption of the chart's data table (plain text).
collapse-table-caption = Среднее в секунду по { $runs ->
        [one] { $runs } прогону
        [few] { $runs } прогонам
        [many] { $runs } прогонам
       *[other] { $runs } прогонам
    }

# Heading of the systems section (plain text).
systems-heading = Задержка помогает клиентам, которые ждут, а не тем, кто не ждёт

# Open and closed clients over failure rates (Markdown).
# $clients, $rate: clients and their requests a second in all; $retries;
# $failure-high: the highest failure rate, %; $healthy: attempts a second
# with no failure; $open, $open-backoff, $closed, $closed-backoff: attempts
# a second at $failure-high
systems =
    Большинство сервисов — *открытые* системы: новые запросы приходят в своём темпе, что бы ни случилось с предыдущими. Здесь { $clients ->
        [one] { $clients } клиент в сумме отправляет
        [few] { $clients } клиента в сумме отправляют
        [many] { $clients } клиентов в сумме отправляют
       *[other] { $clients } клиента в сумме отправляют
    } { $rate ->
        [one] { $rate } запрос
        [few] { $rate } запроса
        [many] { $rate } запросов
       *[other] { $rate } запроса
    } в секунду серверу, который сразу отвечает ошибкой на некоторую долю попыток, и повторяют каждый запрос до { $retries ->
        [one] { $retries } раза
        [few] { $retries } раз
        [many] { $retries } раз
       *[other] { $retries } раза
    }. Повтор, который выжидает, всё равно приходит: задержка откладывает повторы каждого клиента, но не нагрузку. При доле неудач { $failure-high } % сервер получал без задержки { $open ->
        [one] { $open } попытку
        [few] { $open } попытки
        [many] { $open } попыток
       *[other] { $open } попытки
    } в секунду, а с задержкой — { $open-backoff }, тогда как исправный сервер получал { $healthy }.

    В *закрытой* системе клиенты ведут себя иначе: каждый ждёт, пока завершится его запрос, и только потом отправляет следующий, как пакетное задание или пользователь, который ждёт загрузки страницы. Задержка замедляет их собственный следующий запрос и поэтому снижает нагрузку: при { $failure-high } % неудач те же клиенты, но в закрытой системе, отправляли без задержки { $closed ->
        [one] { $closed } попытку
        [few] { $closed } попытки
        [many] { $closed } попыток
       *[other] { $closed } попытки
    } в секунду, а с задержкой — { $closed-backoff }. Как пишет Брукер в статье [«What is Backoff For?»](https://brooker.co.za/blog/2022/08/11/backoff.html), справиться с долговременной перегрузкой можно только одним способом — снизить нагрузку; откладывать её бесполезно.

# The chart's accessible name (plain text).
systems-chart-label = Число попыток в секунду на сервере в зависимости от доли неудач: открытые и закрытые клиенты, с задержкой и без неё

# Title of the chart's value axis (plain text, short).
systems-axis = Число попыток в секунду на сервере

# The chart's text alternative (Markdown, inline).
systems-chart-summary = Число попыток в секунду при { $failure-high } % неудач. Открытые клиенты: без задержки — { $open }, с задержкой — { $open-backoff }. Закрытые клиенты: без задержки — { $closed }, с задержкой — { $closed-backoff }. Без неудач — { $healthy }.

# Caption of the chart's data table (plain text).
systems-table-caption = Число попыток в секунду на сервере, среднее по { $sweep-runs ->
        [one] { $sweep-runs } прогону
        [few] { $sweep-runs } прогонам
        [many] { $sweep-runs } прогонам
       *[other] { $sweep-runs } прогонам
    }

# Heading of the budgets section (plain text).
budgets-heading = Бюджеты повторов и автоматические выключатели

# Brooker's retry strategies over failure rates (Markdown).
# $bucket-fill, $bucket-size: the adaptive bucket's refill per request and
# size; $breaker-ratio: the breaker's failure ratio;
# $load-…: attempts per request at $failure-high; $success-…: requests
# answered at $failure-high, %; $success-…-low: at $failure-low, %
budgets =
    Нагрузку ограничивает правило о том, *сколько* повторов делает клиент, а не о том, *когда*. Брукер сравнил три таких правила в статье «Fixing retries with token buckets and circuit breakers» на тех же { $clients ->
        [one] { $clients } клиенте
        [few] { $clients } клиентах
        [many] { $clients } клиентах
       *[other] { $clients } клиентах
    }:

    - **{ $retries ->
        [one] { $retries } повтор
        [few] { $retries } повтора
        [many] { $retries } повторов
       *[other] { $retries } повтора
    }** на каждый запрос, независимо от других запросов. При { $failure-high } % неудач среднее число попыток на запрос — { $load-three-retries }, а ответ получают { $success-three-retries } % запросов.
    - **Адаптивная корзина токенов**: каждый запрос добавляет в неё { $bucket-fill ->
        [one] { $bucket-fill } токен
        [few] { $bucket-fill } токена
        [many] { $bucket-fill } токенов
       *[other] { $bucket-fill } токена
    }, пока их не наберётся { $bucket-size }, а каждый повтор забирает токен. Пока неудачи редки, она ведёт себя как обычные повторы, а когда часты, пропускает лишь малую долю повторов: при { $failure-high } % неудач попыток на запрос — { $load-bucket }.
    - **Автоматический выключатель** (circuit breaker): никаких повторов, пока неудачных попыток клиента в расчёте на запрос больше { $breaker-ratio }. При { $failure-high } % неудач он совсем не добавляет нагрузки (попыток на запрос: { $load-breaker }), но переключается между «всё» и «ничего» и срабатывает рано.

    За меньшую нагрузку приходится платить меньшим числом ответов: при { $failure-high } % неудач успешно завершились { $success-three-retries } % запросов с обычными повторами, { $success-bucket } % — с корзиной, { $success-breaker } % — с выключателем и { $success-no-retries } % — совсем без повторов. При { $failure-low } % неудач выключатель дал ответ на { $success-breaker-low } % запросов, а обычные повторы — на { $success-three-retries-low } %. От собственного вывода `retry_sim` (среднего по его десяти прогонам) число попыток на запрос здесь отличается не больше чем на { $published-difference } при любой доле неудач.

# The chart's accessible name (plain text).
budgets-chart-label = Число попыток на запрос в зависимости от доли неудач, по линии на каждое правило повторов

# Title of the chart's value axis (plain text, short).
budgets-axis = Число попыток на запрос

# The chart's text alternative (Markdown, inline).
budgets-chart-summary = Число попыток на запрос при { $failure-high } % неудач: без повторов — { $load-no-retries }, с { $retries ->
        [one] { $retries } повтором
        [few] { $retries } повторами
        [many] { $retries } повторами
       *[other] { $retries } повторами
    } — { $load-three-retries }, с адаптивной корзиной — { $load-bucket }, с выключателем — { $load-breaker }.

# Caption of the chart's data table (plain text).
budgets-table-caption = Число попыток на запрос, среднее по { $sweep-runs ->
        [one] { $sweep-runs } прогону
        [few] { $sweep-runs } прогонам
        [many] { $sweep-runs } прогонам
       *[other] { $sweep-runs } прогонам
    }

# Heading of the libraries section (plain text).
libraries-heading = Бюджеты, встроенные в библиотеки

# The libraries' budgets and what to configure (Markdown).
# $grpc-tokens, $grpc-ratio, $grpc-from-full, $grpc-edge (%);
# $aws-capacity, $aws-cost, $aws-timeout-cost, $aws-cost-2026, $aws-from-full,
# $aws-switch (the switch of the newer behaviour); $grpc-spec (the proposal);
# $envoy-percent (%), $envoy-min; $finagle-percent (%), $finagle-floor
# (retries a second), $finagle-ttl (s); $load-…: attempts per request at
# $failure-high, each client its own budget
libraries =
    В ряде библиотек есть собственный бюджет повторов. Здесь каждый из них смоделирован по правилам своего первоисточника, и у каждого из { $clients ->
        [one] { $clients } клиента
        [few] { $clients } клиентов
        [many] { $clients } клиентов
       *[other] { $clients } клиента
    } он свой:

    - Ограничение повторов в **gRPC** ({ $grpc-spec }) выключено, пока его не задаст конфигурация сервиса. С параметрами из примера в gRFC (запас в { $grpc-tokens ->
        [one] { $grpc-tokens } токен
        [few] { $grpc-tokens } токена
        [many] { $grpc-tokens } токенов
       *[other] { $grpc-tokens } токена
    }, `tokenRatio` — { $grpc-ratio }) неудачная попытка забирает токен, успешная возвращает { $grpc-ratio ->
        [one] { $grpc-ratio } токен
        [few] { $grpc-ratio } токена
        [many] { $grpc-ratio } токенов
       *[other] { $grpc-ratio } токена
    }, а повторы прекращаются, пока токенов остаётся половина или меньше. С полного запаса { $grpc-from-full ->
        [one] проходит { $grpc-from-full } повтор
        [few] проходят { $grpc-from-full } повтора
        [many] проходят { $grpc-from-full } повторов
       *[other] проходят { $grpc-from-full } повтора
    }, а дальше повторов нет, пока неудачей заканчивается больше { $grpc-edge } % попыток. При { $failure-high } % неудач попыток на запрос — { $load-grpc }.
    - В стандартном режиме **AWS SDK** квота повторов — { $aws-capacity } на клиента: повтор стоит { $aws-cost } (после тайм-аута — { $aws-timeout-cost }, а с переменной `{ $aws-switch }` — { $aws-cost-2026 }), успешный запрос возвращает потраченное. Полной квоты хватает на { $aws-from-full ->
        [one] { $aws-from-full } повтор
        [few] { $aws-from-full } повтора
        [many] { $aws-from-full } повторов
       *[other] { $aws-from-full } повтора
    }. Для клиента с небольшим трафиком это большой запас, поэтому при этих { $failure-high } % неудач число попыток на запрос осталось на уровне { $load-aws }.
    - Бюджет повторов **Envoy** ограничивает одновременные повторы долей в { $envoy-percent } % от активных запросов, но никогда не опускает этот предел ниже { $envoy-min }. Клиент с небольшим числом активных запросов не выходит за этот нижний предел: попыток на запрос — { $load-envoy }.
    - **Finagle** разрешает повторять { $finagle-percent } % запросов плюс запас в { $finagle-floor ->
        [one] { $finagle-floor } повтор
        [few] { $finagle-floor } повтора
        [many] { $finagle-floor } повторов
       *[other] { $finagle-floor } повтора
    } в секунду, который считается за окно в { $finagle-ttl } с. Для клиента, который отправляет несколько запросов в секунду, бюджетом и становится этот запас: попыток на запрос — { $load-finagle }.

    Бюджет считает трафик одного клиента, поэтому защищает сервер, только когда у каждого клиента достаточно запросов, чтобы наполнять и исчерпывать бюджет. Множество мелких клиентов со своими бюджетами повторяют почти так же свободно, как вовсе без бюджета. Поэтому задавайте бюджет там, где трафик собирается в одном месте (в прокси, в общем клиенте), повторяйте только на одном слое и давайте каждому повтору задержку с джиттером, чтобы то, что пропускает бюджет, приходило вразброс.

# The chart's accessible name (plain text).
libraries-chart-label = Число попыток на запрос в зависимости от доли неудач: три повтора без бюджета и с бюджетом каждой библиотеки

# Title of the chart's value axis (plain text, short).
libraries-axis = Число попыток на запрос

# The chart's text alternative (Markdown, inline).
libraries-chart-summary = Число попыток на запрос при { $failure-high } % неудач: { $retries ->
        [one] { $retries } повтор
        [few] { $retries } повтора
        [many] { $retries } повторов
       *[other] { $retries } повтора
    } без бюджета — { $load-three-retries }. С ограничением повторов gRPC — { $load-grpc }, с квотой AWS — { $load-aws }, с бюджетом Envoy — { $load-envoy }, с бюджетом Finagle — { $load-finagle }.

# Caption of the chart's data table (plain text).
libraries-table-caption = Число попыток на запрос, среднее по { $sweep-runs ->
        [one] { $sweep-runs } прогону
        [few] { $sweep-runs } прогонам
        [many] { $sweep-runs } прогонам
       *[other] { $sweep-runs } прогонам
    }

# Heading of the lab section (plain text).
lab-heading = Смоделируйте свой шторм

# What the lab does (Markdown).
lab =
    Лаборатория выполняет ту же модель прямо в браузере, на вашем собственном сценарии: ваша нагрузка, ваш сервер, тайм-аут, повторы и задержка вашего клиента, а при желании — бюджет повторов или автоматический выключатель. Исходные значения — всплеск, описанный выше, без задержки. После каждой правки сценарий просчитывается заново; адрес страницы хранит введённые значения, поэтому ссылка на неё покажет тот же шторм. Время указывается в секундах, интенсивность — в запросах в секунду; поле можно оставить пустым, если это допускает его подпись.

# What a reader without JavaScript reads in place of the lab (Markdown, inline).
lab-notice = Лаборатории нужен JavaScript. Без него графики выше показывают сценарии, с которыми собран сайт, а любой другой сценарий просчитает команда `backoff-site storm`.

# The form's groups (plain text).
lab-group-workload = Нагрузка
lab-group-server = Сервер
lab-group-client = Клиент
lab-group-runs = Прогоны

# The form's fields (plain text). A time is in seconds, a rate in
# requests a second; "empty" says what leaving the field empty means.
lab-field-workload = Профиль нагрузки
lab-field-rate = Интенсивность (при всплеске — вне его), в секунду
lab-field-peak = Пиковая интенсивность, в секунду
lab-field-at = Начало всплеска или момент пика нарастания (с)
lab-field-length = Длительность всплеска (с)
lab-field-slope = Прирост интенсивности при нарастании (в секунду за каждую секунду)
lab-field-duration = Моделируемое время (с)
lab-field-until = Момент последнего нового запроса (с; пустое поле — до конца)
lab-field-system = Клиенты
lab-field-clients = Число клиентов
lab-field-server-time = Время обработки одиночной попытки (с)
lab-field-server-slope = Добавка за каждую выполняемую попытку (с)
lab-field-limit = Одновременно обслуживаемых попыток (пустое поле — без ограничения)
lab-field-queue = Мест в очереди
lab-field-server-failure-rate = Доля попыток, которые сразу завершаются неудачей (от нуля до единицы)
lab-field-network = Средняя сетевая задержка в каждую сторону (с)
lab-field-timeout = Тайм-аут попытки (с)
lab-field-retries = Наибольшее число повторов
lab-field-backoff-base = Первая задержка (с; пустое поле — повтор сразу)
lab-field-backoff-multiplier = Множитель
lab-field-backoff-max = Максимальная задержка (с; пустое поле — без ограничения)
lab-field-backoff-jitter = Джиттер
lab-field-backoff-jitter-factor = Доля джиттера (оставьте пустым, если у этого джиттера её нет)
lab-field-guard = Бюджет повторов или выключатель
lab-field-guard-a = Порог выключателя или пополнение корзины на запрос
lab-field-guard-b = Размер корзины
lab-field-layers = Уровни с повторами (пустое поле — один)
lab-field-runs = Число прогонов для усреднения
lab-field-seed = Начальное значение первого прогона

# The workloads, the kinds of clients and the guards (plain text).
lab-workload-constant = Постоянная
lab-workload-ramp = Нарастание и спад
lab-workload-spike = Всплеск
lab-system-open = Открытые: новые запросы, что бы ни случилось
lab-system-closed = Закрытые: каждый ждёт завершения своего запроса
lab-guard-none = Нет
lab-guard-grpc-throttling-example = Ограничение повторов gRPC (пример из { $spec })
lab-guard-aws-retry-quota = Квота повторов AWS SDK
lab-guard-aws-retry-quota-2026 = Квота повторов AWS SDK с { $switch }
lab-guard-envoy-retry-budget = Бюджет повторов Envoy
lab-guard-finagle-retry-budget = Бюджет повторов Finagle
lab-guard-breaker = Автоматический выключатель (по Брукеру)
lab-guard-bucket = Адаптивная корзина токенов (по Брукеру)

# The errors, each shown at the field it concerns (plain text).
# $max: the largest value allowed, in the page's notation
lab-error-duration = Введите время больше нуля, но не больше { $max } с.
lab-error-arrivals = Выберите профиль нагрузки и тип клиентов.
lab-error-rate = Введите интенсивность больше нуля, но не больше { $max } в секунду.
lab-error-peak = Введите пиковую интенсивность не больше { $max } в секунду (для всплеска — больше нуля).
lab-error-at = Введите время от нуля до { $max } с.
lab-error-length = Введите длительность от нуля до { $max } с.
lab-error-slope = Введите прирост от нуля до { $max } в секунду за каждую секунду.
lab-error-until = Введите время от нуля до { $max } с или оставьте поле пустым.
lab-error-clients = Введите целое число клиентов от одного до { $max }.
lab-error-server = Введите время сервера от нуля до { $max } с, а ограничение — целым числом больше нуля (или оставьте без ограничения).
lab-error-server-failure-rate = Введите долю от нуля до единицы.
lab-error-queue = Введите целое число мест; очередь возможна только при заданном ограничении.
lab-error-network = Введите задержку от нуля до { $max } с.
lab-error-timeout = Введите тайм-аут больше нуля, но не больше { $max } с.
lab-error-retry = Политика повторов не принята: введите целое число повторов не больше { $max }, первую задержку больше нуля, множитель не меньше единицы и долю джиттера, если он её использует.
lab-error-guard = Параметры бюджета или выключателя вне допустимого диапазона: порог — от нуля до единицы, пополнение — больше нуля, размер — не меньше единицы.
lab-error-layers = Введите целое число уровней от одного до { $max } или оставьте поле пустым.
lab-error-requests = Прогону в браузере нужно одновременно больше запросов, чем предел в { $max }: уменьшите интенсивность, время, число повторов или уровней.
lab-error-events = Прогону в браузере нужно больше ожидающих событий, чем предел в { $max }: снизьте интенсивность или сократите тайм-аут либо моделируемое время.
lab-error-seed = Введите целое начальное значение от нуля до { $max }.

# An error of the runs field (plain text). $max: the most runs.
lab-runs-error = Введите целое число прогонов от одного до { $max }.

# The verdict after a spike, in words (plain text). $runs: runs averaged;
# $before, $after: successes per new request before the spike and from
# 25 s after its end, % (the backlog can take it over 100);
# $recovered: runs that came back
lab-verdict-recovered = После всплеска успешные ответы вернулись к { $after } % от числа новых запросов (до всплеска — { $before } %): система восстановилась во всех прогонах ({ $runs } из { $runs }).
lab-verdict-collapsed = После всплеска успешные ответы остались на уровне { $after } % от числа новых запросов (до всплеска — { $before } %): коллапс во всех прогонах ({ $runs } из { $runs }).
lab-verdict-mixed = После всплеска восстановилось прогонов: { $recovered } из { $runs }. По всем прогонам вместе успешные ответы составили { $after } % от числа новых запросов, а до всплеска — { $before } %.

# The verdict without a spike (plain text). $success: requests that
# succeeded, %; $amplification: attempts per request; $runs: runs averaged
lab-verdict-steady = Успешно завершились { $success } % запросов, в среднем попыток на запрос — { $amplification }. Усреднено прогонов: { $runs }.

# The totals under the verdict (plain text). $goodput: successes a second
lab-summary = Попыток на запрос: { $amplification }. Успешных запросов: { $success } %. Успешных ответов в секунду: { $goodput }.

# While the runs go on, and when the inputs have an error (plain text).
lab-running = Идёт расчёт…
lab-stale = Не обновлено: исправьте поле, отмеченное ниже.
lab-failed = Лаборатории не удалось загрузить свой модуль. Перезагрузите страницу, чтобы попробовать снова.

# The chart's axes and accessible name (plain text, short).
lab-axis-seconds = Время, с
lab-axis-count = в секунду, среднее по прогонам
lab-chart-label = Новые запросы, успешные ответы, повторы и тайм-ауты в секунду во времени, среднее по прогонам

# Heading of the sources section (plain text).
sources-heading = Источники

# The works this page draws on (Markdown: a bulleted list of links).
sources =
    - Marc Brooker, [«Metastability and Distributed Systems»](https://brooker.co.za/blog/2021/05/24/metastable.html); [«Fixing retries with token buckets and circuit breakers»](https://brooker.co.za/blog/2022/02/28/retries.html); [«What is Backoff For?»](https://brooker.co.za/blog/2022/08/11/backoff.html).
    - Marc Brooker, [`mbrooker/simulator_example`](https://github.com/mbrooker/simulator_example): `simple_collapse_sim` и `retry_sim`; их воспроизводят симуляции коллапса и правил повторов на этой странице. Тесты сайта сверяют модель с результатами самих этих симуляторов.
    - Nathan Bronson, Abutalib Aghayev, Aleksey Charapko, Timothy Zhu, [«Metastable Failures in Distributed Systems»](https://sigops.org/s/conferences/hotos/2021/papers/hotos21-s11-bronson.pdf), HotOS.
    - Lexiang Huang и соавторы, [«Metastable Failures in the Wild»](https://www.usenix.org/conference/osdi22/presentation/huang-lexiang), OSDI: исследование метастабильных отказов в нескольких организациях; многие из этих отказов поддерживались повторами.
    - Noah Eisen, Eric Gribkoff, [«gRPC Retry Design»](https://github.com/grpc/proposal/blob/master/A6-client-retries.md).
    - AWS SDKs and Tools Reference Guide, раздел [Retry behavior](https://docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html).
    - Marc Brooker, [«Timeouts, retries, and backoff with jitter»](https://aws.amazon.com/builders-library/timeouts-retries-and-backoff-with-jitter/) («Тайм-ауты, повторы и задержка с джиттером»), Amazon Builders’ Library.

# Names of the scenarios in the legends, labels and tables (plain text).
scenario-spike = Без задержки
scenario-spike-backoff = С задержкой
scenario-open = Открытые
scenario-open-backoff = Открытые, с задержкой
scenario-closed = Закрытые
scenario-closed-backoff = Закрытые, с задержкой
scenario-no-retries = Без повторов
scenario-three-retries = Три повтора
scenario-bucket = Адаптивная корзина
scenario-breaker = Выключатель
scenario-grpc = gRPC
scenario-aws = AWS SDK
scenario-envoy = Envoy
scenario-finagle = Finagle

# The per-second figures the collapse chart draws (plain text).
figure-starts = Новые запросы
figure-successes = Успешные ответы
figure-retries = Повторы
figure-timeouts = Тайм-ауты

# A collapse panel's title: the scenario and what its axis counts (plain text).
# $scenario: the scenario's name; $figure: the axis's unit (collapse-axis)
panel-title = { $scenario } ({ $figure })

# A header of the collapse table: a scenario's figure (plain text).
# $scenario: the scenario's name; $figure: the figure's name
table-column = { $scenario }: { $figure }

# Title of the collapse chart's time axis (plain text, short).
axis-seconds = Время, с

# Title of the sweeps' failure-rate axis (plain text, short).
axis-failure-rate = Доля неудач, %

# Label of the control that opens a chart's data table (plain text).
table-show = Данные графика в виде таблицы
