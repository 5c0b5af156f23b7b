// Snowball stemmers (Debian's libstemmer-dev, which ships no pkg-config file).
// Only Sources/Search/Stemmer.swift imports this.
#include <libstemmer.h>
