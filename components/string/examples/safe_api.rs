//! limpet-string's safe API (`limpet_string::api`): slices in, indices and orderings out,
//! over the same cores as `memmem`, `memchr`, `memcpy` and the rest. Run with
//! `cargo run -p limpet-string --example safe_api`.
use limpet_string::api;

fn main() {
    let text = b"GET /index.html HTTP/1.1\r\nHost: example.org\r\nAccept: */*\r\n\r\nbody";
    let head_end = api::find(text, b"\r\n\r\n").expect("a complete head");
    let head = &text[..head_end];
    println!("head: {} bytes; body starts at {}", head.len(), head_end + 4);
    let line_end = api::find(head, b"\r\n").unwrap_or(head.len());
    let request = &head[..line_end];
    let (first_space, last_space) = (api::find_byte(request, b' ').unwrap(), api::rfind_byte(request, b' ').unwrap());
    println!("path: {}", String::from_utf8_lossy(&request[first_space + 1..last_space]));
    println!("has a Host header: {}", api::find(head, b"\r\nHost: ").is_some());

    let mut buf = [0u8; 16];
    api::fill(&mut buf, b'-');
    api::copy(&mut buf[..4], b"HTTP");
    api::copy_within(&mut buf, 0..4, 8);
    println!("buffer: {}", String::from_utf8_lossy(&buf));

    let mut words = [&b"pear"[..], b"apple", b"app", b"\xffend", b"Zebra"];
    words.sort_by(|a, b| api::compare(a, b));
    println!("sorted bytewise: {:?}", words.map(|w| String::from_utf8_lossy(w).into_owned()));
}
