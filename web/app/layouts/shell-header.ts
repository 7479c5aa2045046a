/** The back office's header, fixed at the top of every staff and member screen (px). */
export const SHELL_HEADER_HEIGHT = 64;
