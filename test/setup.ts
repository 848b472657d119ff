import '@testing-library/jest-dom/vitest';

// Route handlers are tested as scripts/server.mjs runs them: the peer header is the socket's.
process.env.ENCUESTA_PEER_FROM_SOCKET = '1';
