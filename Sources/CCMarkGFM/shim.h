// The core parser plus the GFM extensions (tables, strikethrough, autolink,
// tagfilter, tasklist). Only Sources/Markdown/CMarkParser.swift imports this.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
