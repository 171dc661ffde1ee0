// Media the content-returning tools send back: the smallest valid files, so the example stays offline
// and deterministic.

/** A 1x1 red PNG. */
export const RED_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/** One millisecond of silence: a RIFF/WAVE file, 16-bit mono PCM at 8 kHz, 8 samples. */
export const SILENT_WAV = "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";
