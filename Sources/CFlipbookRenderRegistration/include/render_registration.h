#ifndef FLIPBOOK_RENDER_REGISTRATION_H
#define FLIPBOOK_RENDER_REGISTRATION_H
/// Defined in Swift by FlipbookRender (@_cdecl): registers what FlipbookCore asks the renderer
/// for (the text measurer behind UILabel.sizeThatFits).
void flipbook_register_renderer(void);
#endif
