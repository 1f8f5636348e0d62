### The "storms" page, German.
### What retries do to a server that is already struggling: the core's
### retry-storm model, run by the build. Every figure is a variable (see
### locales/en/storms.ftl and TRANSLATING.md). Terms as on the practice
### page: a retry is "Wiederholung", an attempt "Versuch", a layer
### "Schicht", a retry budget "Wiederholungsbudget"; "Circuit Breaker" and
### "Token-Bucket" as German developers say; a spike is a "Lastspitze", a
### metastable failure a "metastabiler Ausfall", a run a "Durchlauf". A
### figure and its unit are joined by a no-break space.

# The page's H1 and <title>.
title = Wiederholungs­stürme, die Dienste lahmlegen

# Meta description: plain text, one sentence.
description = Was Wiederholungen einem Server antun, der schon ausfällt, simuliert beim Build: Lastverstärkung, metastabile Ausfälle und Wiederholungsbudgets.

# Short label for links to this page.
nav-label = Wiederholungsstürme

# Introduction (Markdown).
intro =
    Die anderen Seiten dieser Website beantworten die Frage des Clients: Wie lange werde ich warten? Diese hier beantwortet die des Servers. Eine Wiederholung ist eine weitere Anfrage an einen Dienst, der gerade an einer gescheitert ist, und ein Dienst scheitert meist, weil er mehr Arbeit hat, als er bewältigen kann. Wiederholungen können eine kurze Überlast in einen Ausfall verwandeln, der länger dauert als seine Ursache. Bronson und Kollegen nannten das einen *metastabilen Ausfall*: Ein Auslöser versetzt das System in einen schlechten Zustand, der auch dann anhält, wenn der Auslöser verschwunden ist, aufrechterhalten durch eine Rückkopplungsschleife wie Wiederholungen.

    Jedes Diagramm unten ist eine Simulation, die der Build mit demselben Kern ausführt wie der Rechner: Clients, ein Server, dessen Latenz mit seiner Last wächst, Timeouts und Wiederholungen nach beliebiger Richtlinie, mit oder ohne Wiederholungsbudget. Die Modelle sind die veröffentlichten Simulatoren von Marc Brooker; `backoff-site storm` führt jedes Szenario aus, das Sie selbst festlegen.

# Heading of the layers section (plain text).
layers-heading = Wiederholungen vervielfachen sich über Schichten

# Retries through layers (Markdown).
layers =
    Eine Anfrage erreicht den Dienst, der ausfällt, selten direkt. Sie durchläuft einige Dienste, und jeder davon kann seinen Aufruf an den darunterliegenden wiederholen. Diese Wiederholungen multiplizieren sich: Bei { $layers ->
        [one] { $layers } Dienst
       *[other] { $layers } Diensten
    } hintereinander, von denen jeder { $layer-attempts ->
        [one] { $layer-attempts } Versuch
       *[other] { $layer-attempts } Versuche
    } macht, vervielfacht jede Schicht die Versuche unter ihr mit { $layer-attempts }: Eine Anfrage, die überall scheitert, kommt ganz unten mit { $layer-attempts } hoch { $layers } Versuchen an. Die Simulation, in der der Server jeden Versuch scheitern lässt, zählte am Server { $bottom-attempts ->
        [one] { $bottom-attempts } Versuch
       *[other] { $bottom-attempts } Versuche
    } je Anfrage.

    Deshalb rät die AWS Builders’ Library, an einer einzigen Stelle im Stack zu wiederholen: Eine Wiederholung auf jeder Schicht vervielfacht die Last auf dem untersten Dienst genau dann, wenn er sie am wenigsten verkraften kann.

# Heading of the collapse section (plain text).
collapse-heading = Die Lastspitze, von der sich ein System nicht erholt

# The collapse scenario and what the chart shows (Markdown).
collapse =
    Das ist Brookers Simulator für den Überlastkollaps (`simple_collapse_sim` in `mbrooker/simulator_example`). Der Server braucht für einen Versuch, der allein läuft, { $server-time } s und für jeden laufenden Versuch { $server-slope } s mehr: Nach Littles Gesetz hält er nur mit weniger als { $server-most ->
        [one] { $server-most } Anfrage
       *[other] { $server-most } Anfragen
    } pro Sekunde Schritt, und auf dem Weg dorthin steigt seine Latenz steil an. Die Clients senden { $spike-rate ->
        [one] { $spike-rate } Anfrage
       *[other] { $spike-rate } Anfragen
    } pro Sekunde, geben einen Versuch nach { $timeout } s auf und machen höchstens { $attempts ->
        [one] { $attempts } Versuch
       *[other] { $attempts } Versuche
    }. Ab { $spike-at } s senden sie { $spike-length } s lang { $spike-peak } pro Sekunde.

    Ohne Backoff treibt die Lastspitze die Latenz über das Timeout. Jeder Versuch, der ins Timeout läuft, wird sofort wiederholt, der Server arbeitet weiter an den Versuchen, die seine Clients bereits aufgegeben haben, und die Wiederholungen halten ihn so stark belastet wie zuvor die Spitze. Der Auslöser endet, die Überlast nicht. Von { $runs ->
        [one] { $runs } Durchlauf
       *[other] { $runs } Durchläufen
    } { $recovered ->
        [one] erholte
       *[other] erholten
    } sich { $recovered } innerhalb von { $spike-within } s nach dem Ende der Spitze. Über alle Durchläufe gerechnet entsprachen die Erfolge von da an { $share-after } % der neuen Anfragen, gegenüber { $share-before } % vor der Spitze. Wo sich ein Durchlauf nicht erholt, liegt ein metastabiler Ausfall vor. In Brookers Simulator selbst, hundertmal so ausgeführt, wie er veröffentlicht ist, entsprachen die Erfolge von da an { $published-share-after } % der neuen Anfragen.

    Mit dem Backoff und Jitter des Simulators (die erste Wiederholung nach einer zufälligen Wartezeit von bis zu { $backoff-base } s) { $recovered-backoff ->
        [one] erholte
       *[other] erholten
    } sich { $recovered-backoff } von { $runs ->
        [one] { $runs } Durchlauf
       *[other] { $runs } Durchläufen
    }: Die Erfolge nach der Spitze entsprachen { $share-after-backoff } % der neuen Anfragen, den Rückstau eingerechnet. Backoff hat den während der Spitze abgelaufenen Versuchen die Wiederholungen nicht erspart, sondern diese hinter die Spitze verschoben, in eine Zeit, in der der Server Luft für sie hatte.

# The chart's accessible name (plain text).
collapse-chart-label = Neue Anfragen, Erfolge, Wiederholungen und Timeouts pro Sekunde im Zeitverlauf: ohne Backoff, dann mit Backoff

# Title of a panel's value axis (plain text, short).
collapse-axis = pro Sekunde

# The chart's text alternative (Markdown, inline).
collapse-chart-summary = Zwei Teildiagramme mit den Mittelwerten aus { $runs ->
        [one] { $runs } Durchlauf
       *[other] { $runs } Durchläufen
    }, die Lastspitze schattiert. Ohne Backoff fallen die Erfolge während der Spitze und bleiben niedrig, während Wiederholungen und Timeouts hoch bleiben; erholte Durchläufe: { $recovered } von { $runs }. Mit Backoff kehren die Erfolge nach der Spitze auf die Rate der neuen Anfragen zurück; erholte Durchläufe: { $recovered-backoff } von { $runs }.

# Caption of the chart's data table (plain text).
collapse-table-caption = Mittelwerte pro Sekunde über { $runs ->
        [one] { $runs } Durchlauf
       *[other] { $runs } Durchläufe
    }

# Heading of the systems section (plain text).
systems-heading = Backoff hilft wartenden Clients, nicht den anderen

# Open and closed clients over failure rates (Markdown).
systems =
    Die meisten Dienste sind *offene* Systeme: Neue Anfragen treffen in ihrem eigenen Takt ein, ganz gleich, was aus den früheren geworden ist. Hier { $clients ->
        [one] sendet { $clients } Client
       *[other] senden { $clients } Clients
    } insgesamt { $rate ->
        [one] { $rate } Anfrage
       *[other] { $rate } Anfragen
    } pro Sekunde an einen Server, der einen Teil der Versuche sofort scheitern lässt, und jede gescheiterte Anfrage wird bis zu { $retries }-mal wiederholt. Eine Wiederholung, die wartet, kommt trotzdem an: Backoff bedeutet eine Verzögerung für die Wiederholungen jedes Clients, aber nicht für die Last. Bei einer Fehlerquote von { $failure-high } % erhielt der Server ohne Backoff { $open ->
        [one] { $open } Versuch
       *[other] { $open } Versuche
    } pro Sekunde und mit Backoff { $open-backoff }, ein gesunder Server dagegen { $healthy }.

    Anders die Clients eines *geschlossenen* Systems: Jeder wartet, bis seine Anfrage beendet ist, bevor er die nächste sendet, wie es ein Batch-Job tut oder ein Nutzer, der auf eine Seite wartet. Ihr Backoff bremst ihre eigene nächste Anfrage und senkt damit die Last: Bei { $failure-high } % sendeten dieselben Clients als geschlossenes System ohne Backoff { $closed ->
        [one] { $closed } Versuch
       *[other] { $closed } Versuche
    } pro Sekunde und mit Backoff { $closed-backoff }. Wie Brooker es in [„What is Backoff For?“](https://brooker.co.za/blog/2022/08/11/backoff.html) formuliert: Der einzige Weg, mit langfristiger Überlast umzugehen, ist, die Last zu senken; sie aufzuschieben, funktioniert nicht.

# The chart's accessible name (plain text).
systems-chart-label = Versuche pro Sekunde am Server nach Fehlerquote: offene oder geschlossene Clients, jeweils mit oder ohne Backoff

# Title of the chart's value axis (plain text, short).
systems-axis = Versuche pro Sekunde am Server

# The chart's text alternative (Markdown, inline).
systems-chart-summary = Bei einer Fehlerquote von { $failure-high } %: offene Clients { $open ->
        [one] { $open } Versuch
       *[other] { $open } Versuche
    } pro Sekunde ohne Backoff und { $open-backoff } mit Backoff, geschlossene Clients { $closed } ohne und { $closed-backoff } mit Backoff; ohne Fehler { $healthy }.

# Caption of the chart's data table (plain text).
systems-table-caption = Versuche pro Sekunde am Server, gemittelt über { $sweep-runs ->
        [one] { $sweep-runs } Durchlauf
       *[other] { $sweep-runs } Durchläufe
    }

# Heading of the budgets section (plain text).
budgets-heading = Wiederholungsbudgets und Circuit Breaker

# Brooker's retry strategies over failure rates (Markdown).
budgets =
    Was die Last begrenzt, ist eine Regel dafür, *wie viele* Wiederholungen ein Client macht, nicht *wann*. Brooker hat in „Fixing retries with token buckets and circuit breakers“ drei Regeln verglichen, hier mit { $clients ->
        [one] demselben { $clients } Client
       *[other] denselben { $clients } Clients
    }:

    - **{ $retries ->
        [one] { $retries } Wiederholung
       *[other] { $retries } Wiederholungen
    }**, für jede Anfrage einzeln. Bei einer Fehlerquote von { $failure-high } % macht jede Anfrage im Mittel { $load-three-retries ->
        [one] { $load-three-retries } Versuch
       *[other] { $load-three-retries } Versuche
    }, und { $success-three-retries } % der Anfragen werden beantwortet.
    - **Ein adaptiver Token-Bucket**: Jede Anfrage legt { $bucket-fill } Token hinein, höchstens bis { $bucket-size }, und eine Wiederholung nimmt eines heraus. Solange Fehler selten sind, verhält er sich wie einfache Wiederholungen, bei häufigen Fehlern wie ein kleiner Bruchteil davon (Versuche je Anfrage bei { $failure-high } %: { $load-bucket }).
    - **Ein Circuit Breaker**: keine Wiederholung, solange die gescheiterten Versuche des Clients je Anfrage über { $breaker-ratio } liegen. Bei { $failure-high } % erzeugt er überhaupt keine zusätzliche Last (Versuche je Anfrage: { $load-breaker }), arbeitet aber nach dem Prinzip „alles oder nichts“ und löst früh aus.

    Der Preis für die geringere Last sind weniger Antworten: Bei einer Fehlerquote von { $failure-high } % waren mit einfachen Wiederholungen { $success-three-retries } % der Anfragen erfolgreich, mit dem Token-Bucket { $success-bucket } %, mit dem Circuit Breaker { $success-breaker } % und ganz ohne Wiederholung { $success-no-retries } %. Bei { $failure-low } % wurden mit dem Circuit Breaker { $success-breaker-low } % der Anfragen beantwortet, mit einfachen Wiederholungen { $success-three-retries-low } %. Von der eigenen Ausgabe von `retry_sim` (dem Mittel seiner zehn Durchläufe) weichen die Versuche pro Anfrage hier bei jeder Fehlerquote um höchstens { $published-difference } ab.

# The chart's accessible name (plain text).
budgets-chart-label = Versuche je Anfrage nach Fehlerquote, eine Linie je Wiederholungsregel

# Title of the chart's value axis (plain text, short).
budgets-axis = Versuche je Anfrage

# The chart's text alternative (Markdown, inline).
budgets-chart-summary = Versuche je Anfrage bei einer Fehlerquote von { $failure-high } %: ohne Wiederholungen { $load-no-retries }, mit { $retries ->
        [one] { $retries } Wiederholung
       *[other] { $retries } Wiederholungen
    } { $load-three-retries }, adaptiver Token-Bucket { $load-bucket }, Circuit Breaker { $load-breaker }.

# Caption of the chart's data table (plain text).
budgets-table-caption = Versuche je Anfrage, gemittelt über { $sweep-runs ->
        [one] { $sweep-runs } Durchlauf
       *[other] { $sweep-runs } Durchläufe
    }

# Heading of the libraries section (plain text).
libraries-heading = Die Budgets, die Bibliotheken mitbringen

# The libraries' budgets and what to configure (Markdown).
libraries =
    Mehrere Bibliotheken bringen ein eigenes Wiederholungsbudget mit. Jedes ist hier nach den Regeln seiner Quelle nachgebildet, und { $clients ->
        [one] der { $clients } Client hat
       *[other] jeder der { $clients } Clients hat
    } sein eigenes:

    - **gRPC**: Die Wiederholungsdrosselung ({ $grpc-spec }) ist ausgeschaltet, sofern die Service Config sie nicht festlegt. Mit den Beispielwerten des Entwurfs – { $grpc-tokens } Token und ein Verhältnis von { $grpc-ratio } – kostet ein Fehlschlag ein Token, ein Erfolg bringt { $grpc-ratio } zurück, und solange nur noch die Hälfte der Token oder weniger übrig ist, wird nicht wiederholt. Bei anfangs vollem Tokenvorrat { $grpc-from-full ->
        [one] kommt { $grpc-from-full } Wiederholung
       *[other] kommen { $grpc-from-full } Wiederholungen
    } durch, danach keine mehr, solange mehr als { $grpc-edge } % der Versuche scheitern. Versuche je Anfrage bei { $failure-high } %: { $load-grpc }.
    - **AWS SDKs**: Der Standardmodus hat ein Wiederholungskontingent von { $aws-capacity } je Client. Eine Wiederholung kostet { $aws-cost } davon (nach einem Timeout { $aws-timeout-cost }, mit gesetztem `{ $aws-switch }` { $aws-cost-2026 }), ein Erfolg erstattet die Kosten. Bei vollem Kontingent { $aws-from-full ->
        [one] ist das { $aws-from-full } Wiederholung
       *[other] sind das { $aws-from-full } Wiederholungen
    }: eine große Reserve für einen Client mit wenig Verkehr, weshalb es bei diesen { $failure-high } % Fehlern bei { $load-aws ->
        [one] { $load-aws } Versuch
       *[other] { $load-aws } Versuchen
    } je Anfrage blieb.
    - **Envoy**: Das Wiederholungsbudget erlaubt Wiederholungen bis zu { $envoy-percent } % der laufenden Anfragen, aber nie weniger als { $envoy-min } gleichzeitig. Ein Client mit wenigen laufenden Anfragen bleibt unter dieser Untergrenze; Versuche je Anfrage: { $load-envoy }.
    - **Finagle**: Das Budget erlaubt Wiederholungen für { $finagle-percent } % der Anfragen, dazu eine Reserve von { $finagle-floor ->
        [one] { $finagle-floor } Wiederholung
       *[other] { $finagle-floor } Wiederholungen
    } pro Sekunde, gezählt über { $finagle-ttl } s. Für einen Client mit wenigen Anfragen pro Sekunde ist die Reserve das Budget; Versuche je Anfrage: { $load-finagle }.

    Ein Budget zählt den Verkehr eines einzelnen Clients; es schützt einen Server also nur, wenn jeder Client genug Anfragen sieht, um es zu füllen und aufzubrauchen. Viele kleine Clients mit eigenen Budgets wiederholen fast so ungehindert wie ganz ohne Budget: Setzen Sie das Budget dort, wo der Verkehr gebündelt ist (in einem Proxy, einem gemeinsam genutzten Client), wiederholen Sie nur auf einer Schicht, und geben Sie jeder Wiederholung einen Backoff mit Jitter, damit das, was das Budget durchlässt, zeitlich verteilt ankommt.

# The chart's accessible name (plain text).
libraries-chart-label = Versuche je Anfrage nach Fehlerquote: drei Wiederholungen allein und unter dem Budget jeder Bibliothek

# Title of the chart's value axis (plain text, short).
libraries-axis = Versuche je Anfrage

# The chart's text alternative (Markdown, inline).
libraries-chart-summary = Versuche je Anfrage bei einer Fehlerquote von { $failure-high } %: { $retries ->
        [one] { $retries } Wiederholung
       *[other] { $retries } Wiederholungen
    } allein { $load-three-retries }, unter der Drosselung von gRPC { $load-grpc }, unter dem Kontingent der AWS SDKs { $load-aws }, unter dem Budget von Envoy { $load-envoy } und unter dem von Finagle { $load-finagle }.

# Caption of the chart's data table (plain text).
libraries-table-caption = Versuche je Anfrage, gemittelt über { $sweep-runs ->
        [one] { $sweep-runs } Durchlauf
       *[other] { $sweep-runs } Durchläufe
    }

# Heading of the lab section (plain text).
lab-heading = Simulieren Sie Ihren eigenen Sturm

# What the lab does (Markdown).
lab =
    Das Labor führt dasselbe Modell in Ihrem Browser aus, mit einem Szenario, das Sie selbst festlegen: Ihr Lastprofil, Ihr Server, Timeout, Wiederholungen und Backoff Ihres Clients, dazu nach Wunsch ein Wiederholungsbudget oder ein Circuit Breaker. Es beginnt mit der Lastspitze von oben, ohne Backoff. Jede Änderung führt das Szenario neu aus; die Adresse speichert Ihre Eingaben, sodass ein Link darauf denselben Sturm zeigt. Zeiten werden in Sekunden angegeben, Raten in Anfragen pro Sekunde; lassen Sie ein Feld leer, wo seine Beschriftung das zulässt.

# What a reader without JavaScript reads in place of the lab (Markdown, inline).
lab-notice = Das Labor braucht JavaScript. Ohne JavaScript zeigen die Diagramme oben die Szenarien, mit denen die Website gebaut wurde, und `backoff-site storm` führt jedes andere aus.

# The form's groups (plain text).
lab-group-workload = Lastprofil
lab-group-server = Server
lab-group-client = Client
lab-group-runs = Durchläufe

# The form's fields (plain text). A time is in seconds, a rate in
# requests a second; "empty" says what leaving the field empty means.
lab-field-workload = Lastprofil
lab-field-rate = Rate oder Rate außerhalb der Spitze (pro Sekunde)
lab-field-peak = Spitzenrate (pro Sekunde)
lab-field-at = Beginn der Spitze oder Höhepunkt der Rampe (s)
lab-field-length = Dauer der Spitze (s)
lab-field-slope = Anstieg der Rampe (pro Sekunde, je Sekunde)
lab-field-duration = Simulierte Zeit (s)
lab-field-until = Zeitpunkt der letzten neuen Anfrage (s; leer: das Ende)
lab-field-system = Clients
lab-field-clients = Anzahl der Clients
lab-field-server-time = Serverzeit für einen Versuch allein (s)
lab-field-server-slope = Zuschlag je laufendem Versuch (s)
lab-field-limit = Gleichzeitig bediente Versuche (leer: unbegrenzt)
lab-field-queue = Plätze in der Warteschlange
lab-field-server-failure-rate = Anteil der Versuche, die sofort scheitern (null bis eins)
lab-field-network = Netzwerkverzögerung je Richtung, Mittelwert (s)
lab-field-timeout = Timeout je Versuch (s)
lab-field-retries = Höchstzahl der Wiederholungen
lab-field-backoff-base = Basisverzögerung (s; leer: sofort wiederholen)
lab-field-backoff-multiplier = Multiplikator
lab-field-backoff-max = Maximale Verzögerung (s; leer: unbegrenzt)
lab-field-backoff-jitter = Jitter
lab-field-backoff-jitter-factor = Jitter-Faktor (leer, wo der Jitter ohne Faktor auskommt)
lab-field-guard = Wiederholungsbudget oder Circuit Breaker
lab-field-guard-a = Schwelle des Circuit Breakers oder Nachfüllung des Token-Buckets je Anfrage
lab-field-guard-b = Größe des Token-Buckets
lab-field-layers = Schichten mit Wiederholungen (leer: eine)
lab-field-runs = Durchläufe, gemittelt
lab-field-seed = Startwert des ersten Durchlaufs

# The workloads, the kinds of clients and the guards (plain text).
lab-workload-constant = Konstant
lab-workload-ramp = Auf- und absteigende Rampe
lab-workload-spike = Lastspitze
lab-system-open = Offen: neue Anfragen, was auch immer geschieht
lab-system-closed = Geschlossen: Jeder wartet auf seine Anfrage
lab-guard-none = Ohne
lab-guard-grpc-throttling-example = Wiederholungsdrosselung von gRPC (Beispiel aus { $spec })
lab-guard-aws-retry-quota = Wiederholungskontingent der AWS SDKs
lab-guard-aws-retry-quota-2026 = Wiederholungskontingent der AWS SDKs mit { $switch }
lab-guard-envoy-retry-budget = Wiederholungsbudget von Envoy
lab-guard-finagle-retry-budget = Wiederholungsbudget von Finagle
lab-guard-breaker = Circuit Breaker (nach Brooker)
lab-guard-bucket = Adaptiver Token-Bucket (nach Brooker)

# The errors, each shown at the field it concerns (plain text).
lab-error-duration = Geben Sie eine Zeit über null und höchstens { $max } s ein.
lab-error-arrivals = Wählen Sie ein Lastprofil und eine Art von Clients.
lab-error-rate = Geben Sie eine Rate über null und höchstens { $max } pro Sekunde ein.
lab-error-peak = Geben Sie eine Spitzenrate von höchstens { $max } pro Sekunde ein (bei einer Lastspitze über null).
lab-error-at = Geben Sie eine Zeit von null bis { $max } s ein.
lab-error-length = Geben Sie eine Dauer von null bis { $max } s ein.
lab-error-slope = Geben Sie einen Anstieg von null bis { $max } pro Sekunde je Sekunde ein.
lab-error-until = Geben Sie eine Zeit von null bis { $max } s ein, oder lassen Sie das Feld leer.
lab-error-clients = Geben Sie als Anzahl der Clients eine ganze Zahl von eins bis { $max } ein.
lab-error-server = Geben Sie Serverzeiten von null bis { $max } s ein und als Grenze eine ganze Zahl über null (oder lassen Sie den Server ohne Grenze).
lab-error-server-failure-rate = Geben Sie einen Anteil von null bis eins ein.
lab-error-queue = Geben Sie eine ganze Zahl von Plätzen ein; eine Warteschlange braucht eine Grenze.
lab-error-network = Geben Sie eine Verzögerung von null bis { $max } s ein.
lab-error-timeout = Geben Sie ein Timeout über null und höchstens { $max } s ein.
lab-error-retry = Die Wiederholungsrichtlinie wird abgelehnt: Geben Sie als Wiederholungen eine ganze Zahl bis { $max } ein, eine Basisverzögerung über null, einen Multiplikator von mindestens eins und einen Faktor, wo der Jitter einen braucht.
lab-error-guard = Die Werte des Budgets oder Circuit Breakers liegen außerhalb der zulässigen Spanne: eine Schwelle von null bis eins, eine Nachfüllung über null und eine Größe von mindestens eins.
lab-error-layers = Geben Sie als Anzahl der Schichten eine ganze Zahl von eins bis { $max } ein, oder lassen Sie das Feld leer.
lab-error-requests = Der Durchlauf bräuchte in Ihrem Browser mehr als { $max ->
        [one] { $max } gleichzeitige Anfrage
       *[other] { $max } gleichzeitige Anfragen
    }: Verringern Sie die Rate, die simulierte Zeit, die Wiederholungen oder die Schichten.
lab-error-events = Der Durchlauf bräuchte in Ihrem Browser mehr als { $max ->
        [one] { $max } ausstehendes Ereignis
       *[other] { $max } ausstehende Ereignisse
    }: Senken Sie die Rate, oder verkürzen Sie das Timeout oder die simulierte Zeit.
lab-error-seed = Geben Sie als Startwert eine ganze Zahl von null bis { $max } ein.

# An error of the runs field (plain text).
lab-runs-error = Geben Sie als Anzahl der Durchläufe eine ganze Zahl von eins bis { $max } ein.

# The verdict after a spike, in words (plain text).
lab-verdict-recovered = Nach der Spitze erreichten die Erfolge wieder { $after } % der neuen Anfragen, gegenüber { $before } % davor: erholt, in allen Durchläufen ({ $runs } von { $runs }).
lab-verdict-collapsed = Nach der Spitze blieben die Erfolge bei { $after } % der neuen Anfragen, gegenüber { $before } % davor: zusammengebrochen, in allen Durchläufen ({ $runs } von { $runs }).
lab-verdict-mixed = Erholte Durchläufe nach der Spitze: { $recovered } von { $runs }. Über alle Durchläufe gerechnet entsprachen die Erfolge { $after } % der neuen Anfragen, gegenüber { $before } % davor.

# The verdict without a spike (plain text).
lab-verdict-steady = { $success } % der Anfragen waren erfolgreich. Versuche je Anfrage im Mittel: { $amplification }. Gemittelte Durchläufe: { $runs }.

# The totals under the verdict (plain text).
lab-summary = Versuche je Anfrage: { $amplification }. Erfolgreiche Anfragen: { $success } %. Erfolge pro Sekunde: { $goodput }.

# While the runs go on, and when the inputs have an error (plain text).
lab-running = Simulation läuft…
lab-stale = Nicht aktualisiert: Korrigieren Sie das unten markierte Feld.
lab-failed = Das Labor konnte sein Modul nicht laden. Laden Sie die Seite neu, um es noch einmal zu versuchen.

# The chart's axes and accessible name (plain text, short).
lab-axis-seconds = Zeit, s
lab-axis-count = pro Sekunde, gemittelt über die Durchläufe
lab-chart-label = Neue Anfragen, Erfolge, Wiederholungen und Timeouts pro Sekunde im Zeitverlauf, gemittelt über die Durchläufe

# Heading of the sources section (plain text).
sources-heading = Quellen

# The works this page draws on (Markdown: a bulleted list of links).
sources =
    - Marc Brooker, [„Metastability and Distributed Systems“](https://brooker.co.za/blog/2021/05/24/metastable.html); [„Fixing retries with token buckets and circuit breakers“](https://brooker.co.za/blog/2022/02/28/retries.html); [„What is Backoff For?“](https://brooker.co.za/blog/2022/08/11/backoff.html).
    - Marc Brooker, [`mbrooker/simulator_example`](https://github.com/mbrooker/simulator_example): `simple_collapse_sim` und `retry_sim`, die der Überlastkollaps und die Wiederholungsregeln auf dieser Seite nachbilden. Die Tests der Website vergleichen das Modell mit der Ausgabe dieser Simulatoren.
    - Nathan Bronson, Abutalib Aghayev, Aleksey Charapko und Timothy Zhu, [„Metastable Failures in Distributed Systems“](https://sigops.org/s/conferences/hotos/2021/papers/hotos21-s11-bronson.pdf), HotOS.
    - Lexiang Huang und Kollegen, [„Metastable Failures in the Wild“](https://www.usenix.org/conference/osdi22/presentation/huang-lexiang), OSDI: eine Studie über metastabile Ausfälle in mehreren Organisationen; viele dieser Ausfälle wurden durch Wiederholungen aufrechterhalten.
    - Noah Eisen und Eric Gribkoff, [„gRPC Retry Design“](https://github.com/grpc/proposal/blob/master/A6-client-retries.md).
    - AWS SDKs and Tools Reference Guide: [Retry behavior](https://docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html).
    - Marc Brooker, [„Timeouts, retries, and backoff with jitter“](https://aws.amazon.com/builders-library/timeouts-retries-and-backoff-with-jitter/), Amazon Builders’ Library.

# Names of the scenarios in the legends, labels and tables (plain text).
scenario-spike = Ohne Backoff
scenario-spike-backoff = Mit Backoff
scenario-open = Offen
scenario-open-backoff = Offen, mit Backoff
scenario-closed = Geschlossen
scenario-closed-backoff = Geschlossen, mit Backoff
scenario-no-retries = Ohne Wiederholungen
scenario-three-retries = Drei Wiederholungen
scenario-bucket = Adaptiver Token-Bucket
scenario-breaker = Circuit Breaker
scenario-grpc = gRPC
scenario-aws = AWS SDKs
scenario-envoy = Envoy
scenario-finagle = Finagle

# The per-second figures the collapse chart draws (plain text).
figure-starts = Neue Anfragen
figure-successes = Erfolge
figure-retries = Wiederholungen
figure-timeouts = Timeouts

# A collapse panel's title: the scenario and what its axis counts (plain text).
panel-title = { $scenario } ({ $figure })

# A header of the collapse table: a scenario's figure (plain text).
table-column = { $scenario }: { $figure }

# Title of the collapse chart's time axis (plain text, short).
axis-seconds = Zeit, s

# Title of the sweeps' failure-rate axis (plain text, short).
axis-failure-rate = Fehlerquote, %

# Label of the control that opens a chart's data table (plain text).
table-show = Die Zahlen des Diagramms als Tabelle
