//! What a path names when it is not a regular file, for the messages of
//! the readers that refuse such paths (learner files, test suites): a
//! device, a named pipe or a folder would block a reader or never end.

/// What kind of thing a path that is not a regular file names ("a
/// folder", "a named pipe", "a device", ...), from its metadata.
pub fn special_file_kind(metadata: &std::fs::Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}
