//! No input reaches a page as markup of its own. Every LaTeX command
//! pulldown-latex knows is tried with hostile arguments, and a site built
//! from hostile messages, formulas and words everywhere must contain only
//! the elements and attributes the templates and renderers write. Also: the
//! limits on nesting, and regional language codes end to end.
//! Over 500 lines: one hostile input per rule of the allow-list, side by side.

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use backoff_site::site::format::markdown::{self, MATHML_ATTRIBUTES, MATHML_ELEMENTS};
use pulldown_latex::config::DisplayMode;

/// Every command and environment name pulldown-latex 0.8 matches on
/// (`src/parser/primitives.rs`), and the commands the issue named that it
/// does not know (`\href`, `\url`, `\class`, `\style`, ...).
const LATEX_NAMES: &str = "
    Alpha And Angstrom Bbbk Beta Big Bigg Biggl Biggm Biggr Bigl Bigm Bigr Bmatrix Bot Box
    Bumpeq Cap Chi Colonapprox Coloneq Coloneqq Colonsim Cup Dash Delta Diamond Doteq Downarrow
    Earth Epsilon Eqcolon Eqqcolon Eta Finv Game Gamma Im Iota Join Kappa Lambda Leftarrow
    Leftrightarrow Lleftarrow Longleftarrow Longleftrightarrow Longrightarrow Lsh Mu Nu Omega
    Omicron Otimes Overrightarrow P Perp Phi Pi Pr Psi QED Re Rho Rightarrow Rrightarrow Rsh S
    Sigma Space Subset Supset Tau Theta Uparrow Updownarrow Upsilon Vdash Vmatrix Vvdash Xi
    Zeta acute aleph align alignat aligned alignedat alpha amalg angle approx approxcolon
    approxcoloncolon approxeq arccos arceq arcsin arctan arg array ast astrosun asymp backcong
    backdprime backepsilon backprime backsim backsimeq backslash backtrprime ballotx bar
    barwedge because begin begingroup beta beth between bf big bigcap bigcirc bigcup bigg biggl
    biggm biggr bigl bigm bigodot bigoplus bigotimes bigr bigsqcap bigsqcup bigstar bigtimes
    bigtriangledown bigtriangleup biguplus bigvee bigwedge binom blackhourglass blacklozenge
    blacksquare blacktriangle blacktriangledown blacktriangleleft blacktriangleright bmatrix
    bmod boldsymbol bot bowtie boxast boxbox boxcircle boxdot boxminus boxplus boxtimes breve
    buildrel bullet bumpeq cal cancel cap cases cdot cdotp cdots cent centerdot cfrac char
    check checkmark chi circ circeq circlearrowleft circlearrowright circledR circledS
    circledast circledcirc circleddash circledequal circledparallel circledvert circlehbar
    clubsuit coh colon colonapprox coloncolon coloncolonapprox coloncolonequals coloncolonminus
    coloncolonsim coloneq coloneqq colonequals colonminus colonsim color colorbox complement
    concavediamond concavediamondtickleft concavediamondtickright cong coprod copyright cos
    cosh cot coth csc cup curlyeqprec curlyeqsucc curlyvee curlywedge curvearrowleft
    curvearrowright dag dagger daleth darray dashleftarrow dashrightarrow dashv dbinom dblcolon
    dcases ddag ddagger ddot ddots def deg degree delta det dfrac diagdown diagup diameter
    diamond diamondsuit digamma dim displaystyle div divideontimes dot doteq doteqdot dotplus
    dots dotsb dotsc dotsi dotsm dotso doublebarwedge doublecap downarrow downdownarrows
    downharpoonleft downharpoonright dprime drcases ell emptyset end endgroup enspace epsilon
    eqcirc eqcolon eqdef eqeq eqqcolon eqsim eqslantgtr eqslantless equation equiv eta eth euro
    exists exp fallingdotseq fcolorbox female fint flat forall frac frown fullouterjoin
    futurelet gamma gather gathered gcd ge genfrac geq geqq geqslant gets gg ggg gggtr gimel
    gnapprox gneq gneqq gnsim grave gt gtrapprox gtrdot gtreqless gtreqqless gtrless gtrsim
    gvertneqq hat hbar heartsuit hom hookleftarrow hookrightarrow hourglass hskip hslash hspace
    iddots idotsin iff iiiint iiint iint imageof imath impliedby implies in inf infty int
    intBar intbar intcap intclockwise intcup intercal intlarhk intop intx iota isin it jmath
    kappa ker kern lambda land ldotp ldots le leadsto left leftarrow leftarrowtail
    leftharpoondown leftharpoonup leftleftarrows leftmodels leftmoon leftouterjoin
    leftrightarrow leftrightarrows leftrightharpoons leftrightsquigarrow leftthreetimes leq
    leqq leqslant lessapprox lessdot lesseqgtr lesseqqgtr lessgtr lesssim let lg lhd lightning
    lim liminf limsup ll lll llless ln lnapprox lneq lneqq lnot lnsim log longleftarrow
    longleftrightarrow longmapsto longrightarrow looparrowleft looparrowright lor lozenge
    lozengeminus lq lt ltimes lvertneqq male maltese mapsfrom mapsto mathbb mathbbit mathbf
    mathbfcal mathbffrak mathbfit mathbfsfit mathbfsfup mathbfup mathbin mathcal mathclose
    mathellipsis mathfrak mathinner mathit mathnormal mathop mathopen mathord mathpunct mathrel
    mathring mathrm mathsf mathsfit mathsfup mathsterling mathstrut mathtt mathup matrix max
    measeq measuredangle medspace mho mid middle min minuscolon minuscoloncolon mkern models mp
    mskip mu multimap multimapboth multimapinv multline nLeftarrow nLeftrightarrow nRightarrow
    nVDash nVdash nabla natural ncong ne nearrow neg negmedspace negthickspace negthinspace neq
    newcommand nexists ngeq ngeqq ngeqslant ngtr ni nleftarrow nleftrightarrow nleq nleqq
    nleqslant nless nmid nobreakspace not notin notni nparallel nprec npreceq nrightarrow
    nshortmid nshortparallel nsim nsubset nsubseteq nsubseteqq nsucc nsucceq nsupset nsupseteq
    nsupseteqq ntriangleleft ntrianglelefteq ntriangleright ntrianglerighteq nu nvDash nvdash
    nwarrow obar obslash odiv odot ogreaterthan oiiint oiint oint olessthan omega omicron
    ominus operatorname operp oplus origof oslash otimes otimeshat overbrace overbracket
    overgroup overleftarrow overleftharpoon overleftrightarrow overline overparen
    overrightarrow overrightharpoon overset owns parallel parr partial permil perp phi pi
    pitchfork pm pmatrix pmod pointint pounds prec precapprox preccurlyeq preceq precnapprox
    precneqq precnsim precsim prime prod propto providecommand psi qprime qquad quad questeq
    ratio rcases relax renewcommand restriction rhd rho right rightarrow rightarrowtail
    rightharpoondown rightharpoonup rightleftarrows rightleftharpoons rightmoon rightouterjoin
    rightrightarrows rightsquigarrow rightthreetimes risingdotseq rm rppolint rq rtimes scoh
    scpolint scriptscriptstyle scriptstyle searrow sec setminus sf sgn sharp shortmid
    shortparallel sideset sigma sim simeq sin sincoh sinh smallfrown smallint smallmatrix
    smallsetminus smallsmile smile smiley spadesuit sphericalangle split sqcap sqcup sqint sqrt
    sqsubset sqsubseteq sqsupset sqsupseteq square sslash stackrel standardstate star stareq
    strictfi strictif strut subarray subset subseteq subseteqq subsetneq subsetneqq substack
    succ succapprox succcurlyeq succeq succnapprox succneqq succnsim succsim sum sun sup supset
    supseteq supseteqq supsetneq supsetneqq surd swarrow symbb symbbit symbf symbfcal symbffrak
    symbfit symbfsfit symbfsfup symbfup symcal symfrak symit symnormal symrm symsf symsfit
    symsfup symtt symup tan tanh tau tbinom text textbf textcolor textit textrm textsf
    textstyle texttt tfrac therefore theta thickapprox thicksim thickspace thinspace tilde
    times to top triangle triangledown triangleleft trianglelefteq triangleminus triangleplus
    triangleq triangleright trianglerighteq triangletimes trprime tt twoheadleftarrow
    twoheadrightarrow underbar underbrace underbracket undergroup underleftarrow
    underleftrightarrow underline underparen underrightarrow underset unlhd unrhd uparrow
    updownarrow upharpoonleft upharpoonright uplus upsilon upuparrows vDash varDelta varGamma
    varLambda varOmega varPhi varPi varPsi varSigma varTheta varUpsilon varXi varclubsuit
    vardiamondsuit varepsilon varheartsuit varkappa varnothing varointclockwise varphi varpi
    varpropto varrho varsigma varspadesuit varsubsetneq varsubsetneqq varsupsetneq
    varsupsetneqq vartheta vartriangle vartriangleleft vartriangleright vcentcolon vdash vdots
    vec vee veebar veeeq vmatrix wedge wedgeq whitesquaretickleft whitesquaretickright
    widecheck widehat wideparen widetilde with wp wr xi xleftarrow xrightarrow yen zeta
    Bmatrix* Vmatrix* align* alignat* bmatrix* equation* gather* matrix* pmatrix* vmatrix*
    href url label tag class style unicode mbox hbox textcolor operatornamewithlimits
";

/// Markup, quotes, an entity; the second without `&`, which LaTeX reads as
/// a column separator outside tables.
const HOSTILE: [&str; 2] = [
    r#"</math><script>alert(1)</script><meta http-equiv="refresh" content="0;url=/x">"'&amp;"#,
    r#"</math><script>alert(1)</script><meta http-equiv="refresh" content="0;url=/x">"'"#,
];

/// Element names an XML parser finds in `mathml`, with its attribute names;
/// a panic if it is not well-formed (`&nbsp;` is HTML's, not XML's).
fn names_in_mathml(mathml: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let xml = mathml.replace("&nbsp;", "&#160;");
    let document = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}: {mathml}"));
    let mut elements = BTreeSet::new();
    let mut attributes = BTreeSet::new();
    for node in document.descendants().filter(|n| n.is_element()) {
        elements.insert(node.tag_name().name().to_string());
        for attribute in node.attributes() {
            attributes.insert(attribute.name().to_string());
        }
    }
    (elements, attributes)
}

#[test]
fn every_latex_command_with_hostile_arguments_writes_only_known_mathml() {
    let [with_entity, plain] = HOSTILE;
    let mut converted = 0;
    let mut tried = 0;
    for name in LATEX_NAMES.split_whitespace() {
        let forms = [
            format!("\\{name}{{{with_entity}}}"),
            format!("\\{name}{{{plain}}}"),
            format!("\\{name} {plain}"),
            format!("\\{name}*{{{plain}}}"),
            format!("\\{name}[{plain}]{{{plain}}}{{{plain}}}"),
            format!("\\{name}{{{plain}}}{{{plain}}}{{{plain}}}"),
            format!("\\begin{{{name}}}{{{plain}}}{with_entity}\\end{{{name}}}"),
        ];
        for latex in forms {
            tried += 1;
            let Ok(mathml) = markdown::mathml(&latex, DisplayMode::Inline) else {
                continue;
            };
            converted += 1;
            let (elements, attributes) = names_in_mathml(&mathml);
            for element in &elements {
                assert!(
                    MATHML_ELEMENTS.contains(&element.as_str()),
                    "{latex}: <{element}> in {mathml}"
                );
            }
            for attribute in &attributes {
                assert!(
                    MATHML_ATTRIBUTES.contains(&attribute.as_str()),
                    "{latex}: {attribute}= in {mathml}"
                );
            }
            assert!(!mathml.contains("<script"), "{latex}: {mathml}");
            assert!(!mathml.contains("<meta"), "{latex}: {mathml}");
        }
    }
    // The forms must reach the renderer, not only fail to parse.
    assert!(tried > 5_000, "{tried}");
    assert!(converted > 3_000, "{converted} of {tried}");
}

/// The repro of the issue: the argument of `\operatorname` was copied into
/// the page, and Chromium followed the redirect.
#[test]
fn operator_name_repro_is_escaped_text() {
    let html = markdown::render_block(
        r#"$\operatorname{</math><meta http-equiv="refresh" content="0;url=/en/?x">}$"#,
    )
    .unwrap();
    let (elements, _) = names_in_mathml(&html[3..html.len() - 4]);
    assert_eq!(elements, ["math", "mi"].map(String::from).into(), "{html}");
    assert!(
        html.contains("<mi>&lt;/math&gt;&lt;meta http-equiv=&quot;refresh&quot;"),
        "{html}"
    );
}

/// Replaces the definition of message `id` (its line and every indented
/// line after it) in a Fluent file.
fn replace_message(source: &str, id: &str, definition: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    let mut found = false;
    for line in source.lines() {
        if line.starts_with(&format!("{id} =")) {
            out.push_str(definition);
            out.push('\n');
            skipping = true;
            found = true;
            continue;
        }
        if skipping && (line.starts_with([' ', '\t']) || line.trim().is_empty()) {
            continue;
        }
        skipping = false;
        out.push_str(line);
        out.push('\n');
    }
    assert!(found, "no message {id}");
    out
}

/// Elements and attributes the templates and renderers write (the real
/// site's pages, the Markdown of messages and the MathML of formulas).
const ELEMENTS: &[&str] = &[
    "a",
    "body",
    "button",
    // The marked points of the total wait's curve.
    "circle",
    "caption",
    "code",
    "dd",
    "details",
    "div",
    "dl",
    "dt",
    "em",
    // The calculator's optional fields are grouped under a legend.
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "head",
    "header",
    "html",
    "input",
    "label",
    "legend",
    "li",
    "link",
    "main",
    "meta",
    "nav",
    "ol",
    // The calculator's preset selector groups its options.
    "optgroup",
    "option",
    "p",
    "path",
    "polygon",
    "polyline",
    "pre",
    "script",
    "section",
    "select",
    "span",
    "strong",
    "summary",
    "svg",
    "table",
    "tbody",
    "td",
    "text",
    "th",
    "thead",
    "title",
    "tr",
    "ul",
];
const ATTRIBUTES: &[&str] = &[
    "aria-current",
    "aria-describedby",
    "aria-hidden",
    "aria-label",
    "aria-labelledby",
    "aria-live",
    "autocomplete",
    "charset",
    "class",
    "content",
    // The marked points of the total wait's curve.
    "cx",
    "cy",
    "d",
    // The Copy button of an "as code" snippet names its code element.
    "data-code",
    // The "as code" part names the data asset its script fetches.
    "data-src",
    "data-totals",
    "for",
    "hidden",
    "href",
    "hreflang",
    "http-equiv",
    "id",
    "inputmode",
    // An `<optgroup>`'s label.
    "label",
    "lang",
    "media",
    "name",
    "points",
    "property",
    "r",
    "rel",
    "role",
    "scope",
    "selected",
    "spellcheck",
    "src",
    "stroke-dasharray",
    "tabindex",
    "text-anchor",
    "type",
    "value",
    "viewbox",
    "x",
    "y",
];

/// A tag of an HTML file: its name and attributes (name, value).
struct HtmlTag {
    name: String,
    attributes: Vec<(String, String)>,
}

/// The start tags of `html`, read as a browser tokenizes them: comments and
/// the doctype skipped, a script's content read as raw text up to
/// `</script`.
fn start_tags(html: &str) -> Vec<HtmlTag> {
    let mut tags = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        if let Some(after) = rest.strip_prefix("!--") {
            rest = &after[after.find("-->").expect("closed comment") + 3..];
            continue;
        }
        if rest.starts_with('!') || rest.starts_with('/') {
            rest = &rest[rest.find('>').expect("closed tag") + 1..];
            continue;
        }
        let name_len = rest
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .unwrap_or(rest.len());
        if name_len == 0 {
            continue; // a `<` in text
        }
        let name = rest[..name_len].to_ascii_lowercase();
        rest = &rest[name_len..];
        let mut attributes = Vec::new();
        loop {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix("/>").or_else(|| rest.strip_prefix('>')) {
                rest = after;
                break;
            }
            let attribute_len = rest
                .find(|c: char| c.is_whitespace() || c == '=' || c == '>' || c == '/')
                .unwrap_or(rest.len());
            let attribute = rest[..attribute_len].to_ascii_lowercase();
            rest = rest[attribute_len..].trim_start();
            let mut value = String::new();
            if let Some(after) = rest.strip_prefix('=') {
                let after = after.trim_start();
                let (v, remaining) = match after.chars().next() {
                    Some(quote @ ('"' | '\'')) => {
                        let end = after[1..].find(quote).expect("closed value") + 1;
                        (&after[1..end], &after[end + 1..])
                    }
                    _ => {
                        let end = after
                            .find(|c: char| c.is_whitespace() || c == '>')
                            .unwrap_or(after.len());
                        (&after[..end], &after[end..])
                    }
                };
                value = v.to_string();
                rest = remaining;
            }
            if attribute.is_empty() {
                rest = &rest[1..];
                continue;
            }
            attributes.push((attribute, value));
        }
        if name == "script" {
            let end = rest
                .to_ascii_lowercase()
                .find("</script")
                .expect("closed script");
            rest = &rest[end..];
        }
        tags.push(HtmlTag { name, attributes });
    }
    tags
}

#[test]
fn a_site_built_from_hostile_inputs_writes_only_known_elements_and_attributes() {
    let site = common::copy_project();
    let root = site.path();
    let hostile_intro = concat!(
        r#"Code `</code><script>alert(1)</script>` and "#,
        r#"$\operatorname{"{"}</math><meta http-equiv="refresh" content="0;url=/x">{"}"}$, "#,
        r#"$\mathop{"{"}<script>alert(2)</script>{"}"}$, "#,
        r#"$\text{"{"}</mtext><script>alert(3)</script>{"}"}$, "#,
        r#"$\char60 script\char62$, $a < b > c \& d$ and "#,
        r#"[a "link"](https://example.org/"onmouseover=alert(4)) *with* **stress**."#,
    );
    for lang in common::languages() {
        for name in ["calculator", "schedule"] {
            let path = root.join(format!("locales/{lang}/{name}.ftl"));
            let mut source = fs::read_to_string(&path).unwrap();
            source = replace_message(&source, "intro", &format!("intro = {hostile_intro}"));
            source = replace_message(
                &source,
                "title",
                r#"title = Title "q" 'a' </title><script>alert(5)</script> & more"#,
            );
            source = replace_message(
                &source,
                "description",
                r#"description = A "description"><meta http-equiv="refresh" content="0"> </script>"#,
            );
            source = replace_message(
                &source,
                "formula-base",
                r#"formula-base = </mtext></math><script>alert(6)</script> "x" & y"#,
            );
            fs::write(&path, source).unwrap();
        }
    }
    // Site-wide words: the site's name (titles, Open Graph, JSON-LD), a
    // table cell and an error text (also in the calculator's JSON island),
    // a label (an attribute of the chart).
    for lang in common::languages() {
        let path = root.join(format!("locales/{lang}/site.ftl"));
        let mut source = fs::read_to_string(&path).unwrap();
        for (id, text) in [
            (
                "site-name",
                r#"Site "name" </title></script><script>alert(8)</script>"#,
            ),
            ("capped-yes", r#"yes</td><script>alert(9)</script>"#),
            (
                "error-base",
                r#"Bad </script><script>alert(10)</script> " ""#,
            ),
            ("calc-chart-label", r#"Chart" onload="alert(11)"#),
        ] {
            source = replace_message(&source, id, &format!("{id} = {text}"));
        }
        fs::write(&path, source).unwrap();
    }
    let content = root.join("content/schedule.toml");
    let definition = fs::read_to_string(&content).unwrap().replace(
        r"\min\left(",
        r#"\operatorname{</math><script>alert(7)</script>}\min\left("#,
    );
    fs::write(&content, definition).unwrap();
    let out = root.join("dist");
    if let Err(failed) = common::build(root, &out, false) {
        panic!("{failed:?}");
    }
    let mut pages = 0;
    let mut everything = String::new();
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "html") {
            continue;
        }
        pages += 1;
        let html = fs::read_to_string(entry.path()).unwrap();
        check_page(entry.path(), &html);
        everything.push_str(&html);
    }
    assert!(pages >= 6, "{pages}");
    // The calculator's words that every page of a language shares are in
    // JSON assets the script reads as data, never as markup; they count
    // as reached.
    for entry in fs::read_dir(out.join("assets")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let json = fs::read_to_string(&path).unwrap();
            serde_json::from_str::<serde_json::Value>(&json)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            everything.push_str(&json);
        }
    }
    // Every hostile input reached a page or its data (as text), so the
    // checks above did look at it.
    for n in 1..=11 {
        assert!(
            everything.contains(&format!("alert({n})")),
            "alert({n}) is on no page"
        );
    }
}

/// Every tag of `html` is one the site writes, with attributes it writes;
/// scripts are the site's own (its module, its data islands), and no `meta`
/// redirects.
fn check_page(path: &Path, html: &str) {
    for tag in start_tags(html) {
        let name = tag.name.as_str();
        assert!(
            ELEMENTS.contains(&name) || MATHML_ELEMENTS.contains(&name),
            "{}: <{name}>",
            path.display()
        );
        for (attribute, value) in &tag.attributes {
            assert!(
                ATTRIBUTES.contains(&attribute.as_str())
                    || MATHML_ATTRIBUTES.contains(&attribute.as_str()),
                "{}: <{name} {attribute}=\"{value}\">",
                path.display()
            );
        }
        let value = |attribute: &str| {
            tag.attributes
                .iter()
                .find(|(a, _)| a == attribute)
                .map(|(_, v)| v.as_str())
        };
        match name {
            "script" => match (value("type"), value("src")) {
                (Some("application/json" | "application/ld+json"), None) => {}
                (Some("module"), Some(src)) => assert!(src.contains("assets/"), "{src}"),
                other => panic!("{}: a script {other:?}", path.display()),
            },
            "meta" => assert!(
                value("http-equiv").is_none_or(|v| v == "Content-Security-Policy"),
                "{}: {:?}",
                path.display(),
                tag.attributes
            ),
            _ => {}
        }
    }
}

#[test]
fn the_page_checker_catches_injected_markup() {
    let page = Path::new("p.html");
    let injected = [
        "<p>x</p><meta http-equiv=\"refresh\" content=\"0\">",
        "<p>x</p><script>alert(1)</script>",
        "<p onclick=\"x\">x</p>",
        "<math><mi>x</mi></math><img src=x>",
        "<script type=\"application/json\">{\"a\":\"</script><script>alert(1)</script>\"}</script>",
    ];
    for html in injected {
        let caught = std::panic::catch_unwind(|| check_page(page, html)).is_err();
        assert!(caught, "not caught: {html}");
    }
    check_page(
        page,
        "<p class=\"a\">a &lt;script&gt; <code>&lt;b&gt;</code></p><math display=\"inline\"><mi>x</mi></math>",
    );
}

#[test]
fn a_regional_language_gets_its_own_folder_hreflang_and_notation() {
    let site = common::copy_project();
    let root = site.path();
    let config = common::with_language(
        &fs::read_to_string(root.join("site.toml")).unwrap(),
        "pt-BR",
    );
    fs::write(root.join("site.toml"), config).unwrap();
    common::copy_recursively(&root.join("locales/en"), &root.join("locales/pt-BR"));
    let out = root.join("dist");
    if let Err(failed) = common::build(root, &out, false) {
        panic!("{failed:?}");
    }
    let page = fs::read_to_string(out.join("pt-BR/calculator/index.html")).unwrap();
    assert!(page.contains("<html lang=\"pt-BR\""), "{}", &page[..200]);
    assert!(page.contains("og:locale\" content=\"pt_BR\""));
    // Portuguese groups thousands with a dot: the maximum of 30,000 ms.
    assert!(page.contains("30.000"), "no Portuguese grouping");
    let sitemap = fs::read_to_string(out.join("sitemap.xml")).unwrap();
    assert!(
        sitemap
            .contains("hreflang=\"pt-BR\" href=\"https://backoff.example.org/pt-BR/calculator/\"")
    );
}

/// Sets `formula-base` in every English page file.
fn with_formula_word(root: &Path, word: &str) {
    for name in ["calculator", "schedule"] {
        let path = root.join(format!("locales/en/{name}.ftl"));
        let source = fs::read_to_string(&path).unwrap();
        let source = replace_message(&source, "formula-base", &format!("formula-base = {word}"));
        fs::write(&path, source).unwrap();
    }
}

#[test]
fn formula_words_show_as_written_or_are_refused_at_their_message() {
    let site = common::copy_project();
    let root = site.path();
    with_formula_word(root, "P&L #1 ^_~ $5 <b>");
    let out = root.join("dist");
    if let Err(failed) = common::build(root, &out, false) {
        panic!("{failed:?}");
    }
    let page = fs::read_to_string(out.join("en/calculator/index.html")).unwrap();
    assert!(
        page.contains("<mtext>P&amp;L #1 ^_~ $5 &lt;b&gt;</mtext>"),
        "the word is not shown as written"
    );
    for (word, shown) in [("50% off", "`%`"), ("a {b}", "`{`"), ("a\\b", "`\\`")] {
        with_formula_word(root, word);
        let failed = common::build(root, &out, false).unwrap_err();
        let found = failed.diagnostics.iter().any(|d| {
            d.message
                == format!("message `formula-base`: a word of a formula cannot contain {shown}")
                && d.path.ends_with("locales/en/calculator.ftl")
                && d.location().is_some()
        });
        assert!(found, "{word}: {:?}", failed.diagnostics);
    }
}
