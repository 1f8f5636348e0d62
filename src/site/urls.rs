//! Where every page lives: its path under the output folder, its absolute
//! URL, its language versions (alternates), the navigation links and the
//! language switcher.
//!
//! It also says which names are safe as slugs and ids (they become folder
//! names and URL segments), and how an asset is named by its content
//! ([`hashed_name`]). This is the only module that spells a page's path;
//! it never renders or writes anything.

use sha2::{Digest, Sha256};
use unic_langid::LanguageIdentifier;

/// `name.ext` becomes `name.<hash>.ext`, the hash being the first 10 hex
/// digits of the SHA-256 of `bytes`, so a changed asset gets a new name and
/// can be cached forever.
pub fn hashed_name(name: &str, bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hash: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    match name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{hash}.{ext}"),
        None => format!("{name}.{hash}"),
    }
}

/// One page in all its languages: `(hreflang, absolute URL)`, in the
/// configured order.
pub type AlternateSet = Vec<(String, String)>;

/// Where a page sits in the site; an explainer carries its index and its
/// URL segment in every language.
#[derive(Clone, Copy)]
pub enum Place<'p> {
    /// The language chooser at the site's root.
    Root,
    /// A language's home page.
    Home,
    Page(usize, &'p [String]),
}

/// A link in a navigation list.
#[derive(Clone, Debug)]
pub struct Link {
    pub href: String,
    pub label: String,
    pub hreflang: String,
    pub current: bool,
}

/// A `<link rel="alternate">` of a page.
#[derive(Clone, Debug)]
pub struct Alternate {
    pub hreflang: String,
    pub url: String,
}

/// A page in the navigation: its index, and its URL segment and label in
/// every language.
struct NavEntry {
    page: usize,
    slugs: Vec<String>,
    labels: Vec<String>,
}

/// The site's addresses: its base URL, its languages (in `config.languages`
/// order, which is what a `language` index means here) and the pages in its
/// navigation.
pub struct Urls<'a> {
    base_url: &'a str,
    langs: Vec<&'a LanguageIdentifier>,
    /// The pages in the navigation, in order.
    nav: Vec<NavEntry>,
}

impl<'a> Urls<'a> {
    pub fn new(base_url: &'a str, langs: Vec<&'a LanguageIdentifier>) -> Urls<'a> {
        Urls {
            base_url,
            langs,
            nav: Vec::new(),
        }
    }

    /// Adds page `i`, with its URL segments and labels in every language,
    /// to the navigation (called in navigation order).
    pub fn add_to_nav(&mut self, i: usize, slugs: Vec<String>, labels: Vec<String>) {
        self.nav.push(NavEntry {
            page: i,
            slugs,
            labels,
        });
    }

    /// The path of a place in `language`, relative to the site's root.
    pub fn path_of(&self, language: usize, place: Place) -> String {
        let lang = self.langs[language];
        match place {
            Place::Root => String::new(),
            Place::Home => format!("{lang}/"),
            Place::Page(_, slugs) => format!("{lang}/{}/", slugs[language]),
        }
    }

    /// The link from a language's home page to an explainer, whose URL
    /// segment in every language is `slugs`.
    pub fn from_home(&self, language: usize, slugs: &[String]) -> String {
        format!("{}/", slugs[language])
    }

    /// The file a place is written to, relative to the output folder.
    pub fn file_of(&self, language: usize, place: Place) -> String {
        format!("{}index.html", self.path_of(language, place))
    }

    /// The file of a language's 404 page, or with `None` of the root one.
    pub fn not_found_file(&self, language: Option<usize>) -> String {
        match language {
            Some(l) => format!("{}/404.html", self.langs[l]),
            None => "404.html".to_string(),
        }
    }

    /// The absolute URL of a path relative to the site's root.
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }

    /// The path part of the base URL (`/`, or `/repo/` for a site served
    /// below a path): pages served at any URL (404) link from it, staying on
    /// whatever host serves them.
    pub fn base_path(&self) -> String {
        let after_scheme = self
            .base_url
            .split_once("://")
            .map_or(self.base_url, |(_, rest)| rest);
        after_scheme
            .find('/')
            .map_or("/".to_string(), |i| after_scheme[i..].to_string())
    }

    /// The way from the page at `place` to the site's root: `../../` for a
    /// page, or the base path for pages served at any URL (`absolute`, 404),
    /// whose links cannot be relative.
    pub fn root(&self, language: usize, place: Place, absolute: bool) -> String {
        if absolute {
            self.base_path()
        } else {
            "../".repeat(self.path_of(language, place).matches('/').count())
        }
    }

    /// The path of page `i` in `language`, if it is in the navigation
    /// (whose pages' slugs are known before any page renders).
    pub fn nav_path(&self, language: usize, i: usize) -> Option<String> {
        let entry = self.nav.iter().find(|entry| entry.page == i)?;
        Some(self.path_of(language, Place::Page(i, &entry.slugs)))
    }

    /// The navigation links as seen from `place`, each below `root`; the
    /// page itself is marked current unless the page is served at any URL.
    pub fn nav(&self, language: usize, place: Place, root: &str, absolute: bool) -> Vec<Link> {
        let current = match place {
            Place::Page(i, _) if !absolute => Some(i),
            _ => None,
        };
        self.nav
            .iter()
            .map(|entry| Link {
                href: format!(
                    "{root}{}",
                    self.path_of(language, Place::Page(entry.page, &entry.slugs))
                ),
                label: entry.labels[language].clone(),
                hreflang: self.langs[language].to_string(),
                current: current == Some(entry.page),
            })
            .collect()
    }

    /// The page's versions in every language, plus `x-default` (the root
    /// chooser), for search engines.
    pub fn alternates(&self, place: Place) -> Vec<Alternate> {
        let mut alternates: Vec<Alternate> = (0..self.langs.len())
            .map(|l| Alternate {
                hreflang: self.langs[l].to_string(),
                url: self.url(&self.path_of(l, place)),
            })
            .collect();
        alternates.push(Alternate {
            hreflang: "x-default".into(),
            url: self.url(""),
        });
        alternates
    }

    /// The language switcher of the page at `place`: the same place in
    /// every language, labelled with `names` (each language's own name).
    /// The root chooser has none: it is a list of languages itself.
    pub fn switcher(
        &self,
        language: usize,
        place: Place,
        root: &str,
        names: &[String],
    ) -> Vec<Link> {
        if matches!(place, Place::Root) {
            return Vec::new();
        }
        (0..self.langs.len())
            .map(|l| Link {
                href: format!("{root}{}", self.path_of(l, place)),
                label: names[l].clone(),
                hreflang: self.langs[l].to_string(),
                current: self.langs[l] == self.langs[language],
            })
            .collect()
    }

    /// Every page that has an address (the home pages, and the explainers
    /// with their URL segments in every language, `slugs`), each in all
    /// its languages, for the sitemap.
    pub fn sitemap_sets<'s>(&self, slugs: impl Iterator<Item = &'s [String]>) -> Vec<AlternateSet> {
        let places = std::iter::once(Place::Home)
            .chain(slugs.enumerate().map(|(i, slugs)| Place::Page(i, slugs)));
        places
            .map(|place| {
                (0..self.langs.len())
                    .map(|l| (self.langs[l].to_string(), self.url(&self.path_of(l, place))))
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_change_with_content() {
        let a = hashed_name("style.css", b"body{}");
        assert!(
            a.starts_with("style.") && a.ends_with(".css") && a.len() == "style..css".len() + 10
        );
        assert_ne!(a, hashed_name("style.css", b"body{ }"));
        assert_eq!(a, hashed_name("style.css", b"body{}"));
    }
}
