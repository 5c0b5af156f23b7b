// Exposes libyaml (Debian package libyaml-dev) to Swift as the CYAML module.
#include <yaml.h>
