// Drives wolges's KWG builder the way `buildlex english-kwg` does (read the
// list, sort, dedup, build DAWG + GADDAG, write), with English letters mapped
// by hand (A=1 .. Z=26) so that only wolges's `build` module and its three
// helper modules are compiled: no crate registry is needed. Not part of lexc;
// compare_kwg_builders.sh compiles it against a wolges checkout.
//
//   wolges_driver wolges|legacy|magpie WORDS.txt OUT.kwg
#![allow(dead_code)]
#[path = "WOLGES_SRC/bites.rs"]
mod bites;
#[path = "WOLGES_SRC/error.rs"]
#[macro_use]
mod error;
#[path = "WOLGES_SRC/fash.rs"]
mod fash;
#[path = "WOLGES_SRC/build.rs"]
mod build;

use std::io::Write;

fn main() -> error::Returns<()> {
    let args: Vec<String> = std::env::args().collect();
    let layout = match args[1].as_str() {
        "wolges" => build::BuildLayout::Wolges,
        "legacy" => build::BuildLayout::Legacy,
        "magpie" => build::BuildLayout::Magpie,
        other => panic!("unknown layout {other}"),
    };
    let text = std::fs::read_to_string(&args[2])?;
    let mut words = Vec::<bites::Bites>::new();
    let mut tiles = Vec::new();
    for line in text.lines() {
        if line.is_empty() {
            continue;
        }
        tiles.clear();
        for &b in line.as_bytes() {
            if b.is_ascii_uppercase() {
                tiles.push(b - b'A' + 1);
            } else if b <= b' ' {
                break;
            } else {
                panic!("not an English word: {line}");
            }
        }
        words.push(tiles[..].into());
    }
    words.sort_unstable();
    words.dedup();
    let built = build::build(build::BuildContent::Gaddawg, layout, &words)?;
    std::fs::File::create(&args[3])?.write_all(&built)?;
    Ok(())
}
