### The "contention" page, Russian.
### The experiment of Marc Brooker's "Exponential Backoff And Jitter" (AWS
### Architecture Blog), run by the build. Every figure is a variable (see
### locales/en/contention.ftl and TRANSLATING.md). Terms as in the
### calculator: полный джиттер (full), равный джиттер (equal); a "call" is
### «вызов». Numbers are put after their noun ("число вызовов — { $x }")
### where a plural would otherwise follow the figure. A figure and its unit
### are joined by a no-break space.

# The page's H1 and <title>.
title = Джиттер при конкуренции: эксперимент AWS

# Meta description: plain text, one sentence.
description = Много клиентов борется за одну строку базы: симуляция при сборке показывает, как джиттер сокращает вызовы и время экспоненциальной задержки.

# Short label for links to this page.
nav-label = Джиттер при конкуренции

# Introduction (Markdown).
intro =
    Когда много клиентов получает ошибку в один и тот же момент и повторяют запросы по одному расписанию, они снова и снова сталкиваются друг с другом. Экспоненциальная задержка сама по себе растягивает их повторы во времени, но не разводит их между собой: для этого нужен джиттер, который выбирает каждую задержку случайно.

    Марк Брукер показал это в AWS Architecture Blog, в статье «Exponential Backoff And Jitter», на небольшой симуляции. Эта страница повторяет тот же эксперимент при каждой сборке сайта и рисует его результаты.

# Heading of the model section (plain text).
model-heading = Эксперимент

# The model of the experiment (Markdown: a paragraph, a bulleted list, a paragraph).
model =
    Модель взята из симулятора к статье — `aws-samples/aws-arch-backoff-simulator` на GitHub (файл `src/backoff_simulator.py`, коммит `66cb169`):

    - Одновременно стартуют клиенты, от { $clients-min } до { $clients-max }, и каждый хочет один раз обновить одну и ту же строку базы данных с оптимистической блокировкой: прочитать версию строки, а затем записать при условии, что версия не изменилась. Если чужая запись успела раньше, запись отклоняется: клиент выжидает задержку и начинает заново, с нового чтения.
    - Каждое сообщение, будь то запрос или ответ, идёт случайное время: модуль нормально распределённой величины со средним { $latency-mean } мс и стандартным отклонением { $latency-sd } мс.
    - Стратегии — те же, что в статье, с первой задержкой { $base } мс и ограничением { $cap-seconds } с: совсем без задержки; экспоненциальная задержка без джиттера, которая после каждой неудачи умножается на { $multiplier }, пока не упрётся в потолок; *равный джиттер* — половина такой задержки плюс случайная доля второй половины; *полный джиттер* — случайная задержка от нуля до такой задержки; *декоррелированный джиттер* — случайная задержка между первой задержкой и предыдущей задержкой, умноженной на { $factor }, но не выше потолка.
    - *Вызов* — запись, дошедшая до строки, успешная или нет. *Время завершения* — момент, когда последний клиент узнаёт, что его запись прошла.

    Каждая стратегия для каждого числа клиентов проходит { $runs ->
        [one] { $runs } прогон
        [few] { $runs } прогона
        [many] { $runs } прогонов
       *[other] { $runs } прогона
    }, графики показывают средние значения. Симуляцию выполняет то же ядро, что считает цифры калькулятора, а генератор случайных чисел инициализируется начальным значением (seed) `{ $seed }`, поэтому каждая сборка на любой машине даёт те же цифры.

# Heading of the calls section (plain text).
calls-heading = Работа: вызовы в зависимости от числа клиентов

# What the calls chart shows (Markdown).
calls =
    Чем больше клиентов конкурирует, тем больше записей отклоняется и повторяется. При { $clients-max } { $clients-max ->
        [one] клиенте
        [few] клиентах
        [many] клиентах
       *[other] клиентах
    } без задержки среднее число вызовов — { $none-calls }, у экспоненциальной задержки без джиттера почти столько же: { $exponential-calls }. Выжидать бесполезно, если все выжидают одинаково: столкновения лишь откладываются. Полному джиттеру на ту же работу хватило { $full-calls } — это { $full-percent-of-none } % от числа вызовов без задержки и { $full-percent-of-exponential } % от числа вызовов экспоненциальной задержки без джиттера.

# The chart's accessible name (plain text).
calls-chart-label = Среднее число вызовов в зависимости от числа клиентов, по линии на стратегию

# Title of the chart's value axis (plain text, short).
calls-axis = Среднее число вызовов

# The chart's text alternative (Markdown, inline).
calls-chart-summary = При { $clients-max } { $clients-max ->
        [one] клиенте
        [few] клиентах
        [many] клиентах
       *[other] клиентах
    } среднее число вызовов: без задержки — { $none-calls }, экспоненциальная без джиттера — { $exponential-calls }, равный джиттер — { $equal-calls }, полный джиттер — { $full-calls }, декоррелированный — { $decorrelated-calls }. У всех стратегий вызовы растут быстрее числа клиентов.

# Caption of the chart's data table (plain text).
calls-table-caption = Среднее число вызовов по { $runs ->
        [one] { $runs } прогону
        [few] { $runs } прогонам
        [many] { $runs } прогонам
       *[other] { $runs } прогонам
    }

# Heading of the completion section (plain text).
completion-heading = Время: завершение в зависимости от числа клиентов

# What the completion chart shows (Markdown).
completion =
    Задержка стоит времени, и экспоненциальная задержка без джиттера обходится дороже всех и даёт меньше всех: при числе клиентов { $clients-max } её последний клиент в среднем закончил через { $exponential-seconds } с, тогда как без задержки всё заняло { $none-seconds } с. Стратегии с джиттером — посередине: с декоррелированным джиттером все клиенты закончили через { $decorrelated-seconds } с, полный джиттер — через { $full-seconds } с, равный джиттер — через { $equal-seconds } с. Ось времени логарифмическая: каждое деление вдесятеро больше предыдущего.

# The chart's accessible name (plain text).
completion-chart-label = Среднее время завершения в зависимости от числа клиентов, по линии на стратегию, в логарифмическом масштабе

# Title of the chart's value axis (plain text, short).
completion-axis = Среднее время завершения, с

# The chart's text alternative (Markdown, inline).
completion-chart-summary = При { $clients-max } { $clients-max ->
        [one] клиенте
        [few] клиентах
        [many] клиентах
       *[other] клиентах
    }, в логарифмическом масштабе: без задержки — { $none-seconds } с, экспоненциальная без джиттера — { $exponential-seconds } с, равный джиттер — { $equal-seconds } с, полный джиттер — { $full-seconds } с, декоррелированный — { $decorrelated-seconds } с.

# Caption of the chart's data table (plain text).
completion-table-caption = Среднее время завершения в секундах по { $runs ->
        [one] { $runs } прогону
        [few] { $runs } прогонам
        [many] { $runs } прогонам
       *[other] { $runs } прогонам
    }

# Heading of the herd section (plain text).
herd-heading = Эффект толпы (thundering herd)

# What the herd chart shows (Markdown).
herd =
    Куда уходит работа, видно по одному прогону (клиентов — { $herd-clients }): каждый столбик — число записей, дошедших до строки за { $herd-bucket } мс. Поначалу все стратегии выглядят одинаково: клиенты стартуют разом, а первые задержки не длиннее сетевых. Потом пути расходятся.

    Экспоненциальная задержка без джиттера держит толпу вместе: клиенты, которым отказали одновременно, выжидают одинаково и возвращаются тоже вместе — всплесками, всё реже и реже; после первых { $herd-after } мс (пунктирная линия) число записей в пике доходит до { $exponential-peak } за { $herd-bucket } мс. Спустя { $herd-window-seconds } с работа ещё идёт: за пределами графика — ещё { $exponential-beyond ->
        [one] { $exponential-beyond } запись
        [few] { $exponential-beyond } записи
        [many] { $exponential-beyond } записей
       *[other] { $exponential-beyond } записи
    }, и последний клиент добивается своего лишь через { $exponential-herd-seconds } с. Без задержки клиенты не останавливаются ни на миг (пик — { $none-peak } за { $herd-bucket } мс) и заканчивают быстро, но ценой наибольшего числа вызовов.

    С джиттером те же клиенты расходятся. Наибольшее число записей за { $herd-bucket } мс после первых { $herd-after } мс: у полного джиттера — { $full-peak }, у равного джиттера — { $equal-peak }, у декоррелированного — { $decorrelated-peak }.

# The chart's accessible name (plain text).
herd-chart-label = Число записей за { $herd-bucket } мс во времени: один прогон, клиентов — { $herd-clients }, по панели на стратегию

# Title of the panels' time axis (plain text, short).
herd-axis-time = Время, с

# Title of the panels' value axis (plain text, short).
herd-axis-writes = Записей за { $herd-bucket } мс

# The chart's text alternative (Markdown, inline).
herd-chart-summary = Пять панелей, по одной на стратегию, за первые { $herd-window-seconds } с. Все начинают с одинакового всплеска; после первых { $herd-after } мс наибольшее число записей за { $herd-bucket } мс: без задержки — { $none-peak }, экспоненциальная без джиттера — { $exponential-peak } (всплесками, всё реже), равный джиттер — { $equal-peak }, полный джиттер — { $full-peak }, декоррелированный — { $decorrelated-peak }.

# Caption of the chart's data table (plain text).
herd-table-caption = Число записей за каждые { $herd-bucket } мс, один прогон, клиентов — { $herd-clients }

# Header of the herd table's first column (plain text).
herd-table-bucket = С момента, мс

# Heading of the findings section (plain text).
findings-heading = Что это показывает

# The findings, next to the post's conclusions (Markdown).
findings =
    Цифры подтверждают выводы статьи:

    - Больше всего работы — у двух стратегий без джиттера. Джиттер сокращает её примерно вдвое: среднее число вызовов с полным джиттером — { $full-calls }, без задержки — { $none-calls }.
    - Экспоненциальная задержка без джиттера — явный аутсайдер: работы почти столько же, сколько без задержки, а ждать приходится дольше всех — в { $exponential-times-full ->
        [one] { $exponential-times-full } раз
        [few] { $exponential-times-full } раза
        [many] { $exponential-times-full } раз
       *[other] { $exponential-times-full } раза
    } дольше, чем с полным джиттером.
    - Полный и равный джиттер делают примерно одинаковую работу (вызовов — { $full-calls } и { $equal-calls }), но равному нужно больше времени ({ $equal-seconds } с против { $full-seconds } с). Декоррелированному джиттеру нужно больше вызовов ({ $decorrelated-calls }), зато меньше времени ({ $decorrelated-seconds } с).
    - Ни одна стратегия не меняет природы задачи: когда число клиентов выросло с { $clients-min } до { $clients-max }, то есть в { $clients-growth ->
        [one] { $clients-growth } раз
        [few] { $clients-growth } раза
        [many] { $clients-growth } раз
       *[other] { $clients-growth } раза
    }, число вызовов с полным джиттером выросло в { $full-growth ->
        [one] { $full-growth } раз
        [few] { $full-growth } раза
        [many] { $full-growth } раз
       *[other] { $full-growth } раза
    }, а без задержки — в { $none-growth ->
        [one] { $none-growth } раз
        [few] { $none-growth } раза
        [many] { $none-growth } раз
       *[other] { $none-growth } раза
    }. Задержка смягчает конкуренцию за одну строку, но не устраняет её.

    Цифры не совпадают с цифрами статьи до последнего знака — случайные числа другие, — но порядок стратегий тот же, и при других начальных значениях тоже: `backoff-site simulate` проведёт эксперимент с вашим начальным значением.

# Names of the strategies in the legends, labels and tables (plain text).
strategy-none = Без задержки
strategy-exponential = Экспоненциальная
strategy-equal = Равный джиттер
strategy-full = Полный джиттер
strategy-decorrelated = Декоррелированный джиттер

# Title of the line charts' client axis (plain text, short).
axis-clients = Число клиентов

# Label of the control that opens a chart's data table (plain text).
table-show = Данные графика в виде таблицы

# Header of the first column of the line charts' tables (plain text).
table-clients = Клиентов
