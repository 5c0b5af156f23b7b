// Debian's libmicrohttpd. Only Sources/PreviewServer imports this.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot
// call; these wrappers pass the few options the preview server uses.

typedef void *(*lcd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);
typedef size_t (*lcd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *text);

static inline struct MHD_Daemon *lcd_start_daemon(
    unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *context,
    lcd_uri_log_callback uri_log, lcd_unescape_callback unescape,
    MHD_RequestCompletedCallback completed, unsigned int connection_timeout)
{
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, context,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_END);
}

// The port the daemon is bound to (the one the system picked for port 0).
static inline uint16_t lcd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
