//! `<mntent.h>`: reading and writing fstab-like files (/etc/fstab, /proc/mounts, /etc/mtab)
//! through stdio streams.
//!
//! - `parse`: one line cut into a `struct mntent`'s fields in place, escapes decoded;
//! - `get`: `setmntent`, `endmntent`, `getmntent`, `getmntent_r`;
//! - `add`: `addmntent`, which writes the escapes back;
//! - `hasmntopt`: an option looked up by whole name.
pub mod add;
pub mod get;
pub mod hasmntopt;
pub mod parse;
