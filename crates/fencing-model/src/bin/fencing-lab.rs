//! `fencing-lab`: the lesson's lab commands, natively. Argument parsing and rendering live
//! in the library (the page runs the same code); this binary only prints and exits.

use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let read = |path: &str| {
        let text = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        String::from_utf8(text).map_err(|_| format!("{path}: 不是 UTF-8 文本"))
    };
    let (output, code) = fencing_model::cli::execute_with(&args, &read);
    let written = if code == 0 {
        std::io::stdout().write_all(output.as_bytes())
    } else {
        std::io::stderr().write_all(output.as_bytes())
    };
    match written {
        Ok(()) => ExitCode::from(code as u8),
        Err(_) => ExitCode::from(1),
    }
}
