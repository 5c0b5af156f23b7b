// Debian's libmicrohttpd. Only Sources/PreviewServer imports this.
//
// The library is not linked: linking it loads it, and gnutls, p11-kit and their
// dependencies with it, at every start of the tool (about 6 ms of CPU for
// `lifecycle-docs help`), when only `serve` uses it. `lcd_load` finds its
// functions with dlopen/dlsym when the server starts; every call goes through
// the table it fills. The header (libmicrohttpd-dev) still gives the types.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

typedef void *(*lcd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);
typedef size_t (*lcd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *text);

// The functions the preview server calls. MHD_start_daemon and MHD_get_daemon_info are
// variadic, which Swift cannot call: they stay untyped here and are called by the wrappers below.
struct lcd_microhttpd {
    void * _Nonnull start_daemon;
    void * _Nonnull get_daemon_info;
    void (* _Nonnull stop_daemon)(struct MHD_Daemon *daemon);
    const char *(* _Nonnull lookup_connection_value)(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);
    struct MHD_Response *(* _Nonnull create_response_from_buffer)(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
    struct MHD_Response *(* _Nonnull create_response_from_fd64)(uint64_t size, int fd);
    struct MHD_Response *(* _Nonnull create_response_from_callback)(
        uint64_t size, size_t block_size, MHD_ContentReaderCallback crc, void *crc_cls, MHD_ContentReaderFreeCallback crfc);
    void (* _Nonnull destroy_response)(struct MHD_Response *response);
    enum MHD_Result (* _Nonnull add_response_header)(struct MHD_Response *response, const char *header, const char *content);
    enum MHD_Result (* _Nonnull queue_response)(struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response);
};

// Loads the library `name` (a file name dlopen searches for) and fills `table`. Returns NULL on
// success, else what failed: dlerror()'s text, or the name of a function the library lacks.
// The library stays loaded (the process never unloads it).
static inline const char *lcd_load(const char *name, struct lcd_microhttpd *table)
{
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        return reason != NULL ? reason : "dlopen failed";
    }
#define LCD_FIND(field, symbol) \
    do { \
        void *found = dlsym(library, symbol); \
        if (found == NULL) return "missing function " symbol; \
        *(void **)&table->field = found; \
    } while (0)
    LCD_FIND(start_daemon, "MHD_start_daemon");
    LCD_FIND(get_daemon_info, "MHD_get_daemon_info");
    LCD_FIND(stop_daemon, "MHD_stop_daemon");
    LCD_FIND(lookup_connection_value, "MHD_lookup_connection_value");
    LCD_FIND(create_response_from_buffer, "MHD_create_response_from_buffer");
    LCD_FIND(create_response_from_fd64, "MHD_create_response_from_fd64");
    LCD_FIND(create_response_from_callback, "MHD_create_response_from_callback");
    LCD_FIND(destroy_response, "MHD_destroy_response");
    LCD_FIND(add_response_header, "MHD_add_response_header");
    LCD_FIND(queue_response, "MHD_queue_response");
#undef LCD_FIND
    return NULL;
}

typedef struct MHD_Daemon *(*lcd_start_daemon_function)(
    unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls, MHD_AccessHandlerCallback dh, void *dh_cls, ...);
typedef const union MHD_DaemonInfo *(*lcd_get_daemon_info_function)(struct MHD_Daemon *daemon, enum MHD_DaemonInfoType info_type, ...);

// MHD_start_daemon with the few options the preview server uses.
static inline struct MHD_Daemon *lcd_start_daemon(
    const struct lcd_microhttpd *table, unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *context,
    lcd_uri_log_callback uri_log, lcd_unescape_callback unescape,
    MHD_RequestCompletedCallback completed, unsigned int connection_timeout)
{
    lcd_start_daemon_function start = (lcd_start_daemon_function)table->start_daemon;
    return start(
        flags, 0, NULL, NULL, handler, context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, context,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, context,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_END);
}

// The port the daemon is bound to (the one the system picked for port 0).
static inline uint16_t lcd_bound_port(const struct lcd_microhttpd *table, struct MHD_Daemon *daemon)
{
    lcd_get_daemon_info_function get_info = (lcd_get_daemon_info_function)table->get_daemon_info;
    const union MHD_DaemonInfo *info = get_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
