//! Highlighting classes of code tokens: assigned by build/highlight.rs (the build includes this
//! file), styled by the stylesheet.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok {
    Plain,
    Keyword,
    Comment,
    Param,
    Number,
    Operator,
    /// A part of a shell command's file path, up to a `/`: a phone wraps a line between parts,
    /// never inside one (at a hyphen).
    Path,
}

impl Tok {
    /// The CSS class of the token (none for plain text).
    #[allow(dead_code)] // the build includes this file and never renders
    pub fn class(self) -> &'static str {
        match self {
            Tok::Plain => "",
            Tok::Keyword => "tok-kw",
            Tok::Comment => "tok-comment",
            Tok::Param => "tok-param",
            Tok::Number => "tok-num",
            Tok::Operator => "tok-op",
            Tok::Path => "tok-path",
        }
    }
}
