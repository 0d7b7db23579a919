// Vitest runs server modules outside Next's react-server condition, where the real
// `server-only` package throws on import; tests resolve it to this empty module instead.
export {};
