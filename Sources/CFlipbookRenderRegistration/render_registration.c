#include "render_registration.h"

// Runs when the program (or test bundle) that links FlipbookRender is loaded, before any Swift
// code: so `import Flipbook` users need no set-up call, and the registration is a symbol the
// linker checks, not a type name looked up at run time.
__attribute__((constructor)) static void flipbook_register_renderer_at_load(void) {
    flipbook_register_renderer();
}
