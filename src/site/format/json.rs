//! JSON placed inside a page's `<script>` elements (the calculator's data
//! island, the JSON-LD of structured data): serialized so that it cannot end
//! the element it sits in. It writes no markup around it.

use serde::Serialize;

/// `value` as JSON with every `<` escaped, so that no `</script>` (or
/// `<!--`) inside a string ends or changes the element holding it.
pub fn script_json(value: &impl Serialize) -> String {
    serde_json::to_string(value)
        .expect("the values the site writes hold only strings and numbers")
        .replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_string_can_close_the_script() {
        let json = script_json(&["</script><!--"]);
        assert_eq!(json, r#"["\u003c/script>\u003c!--"]"#);
        let back: Vec<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, ["</script><!--"]);
    }
}
