import { loggedRequest, redactUrl } from './redact-url.js';

describe('request log redaction', () => {
  it('never logs the reset code, the new password or the email of the path forms, nor any query string', () => {
    const logged = [
      redactUrl('/api/resetpasswords/ana@x.com/0123456789abcdef0123456789abcdef/NovaSenha123'),
      redactUrl('/api/forgetpassword/ana@x.com'),
      redactUrl('/socket.io/?token=eyJhbGciOi.secret&EIO=4'),
    ].join(' ');
    for (const secret of ['ana@x.com', '0123456789abcdef', 'NovaSenha123', 'eyJhbGciOi']) expect(logged).not.toContain(secret);
    expect(redactUrl('/api/resetpasswords/a/b/c')).toBe('/api/resetpasswords/[redacted]');
    expect(redactUrl('/api/tickets?pageNumber=2')).toBe('/api/tickets');
    const line = JSON.stringify(
      loggedRequest({
        id: 1,
        method: 'POST',
        url: '/api/resetpasswords/ana@x.com/tok/Senha1',
        ...({ params: { email: 'ana@x.com' }, query: { t: 'tok' } } as object),
      }),
    );
    expect(line).not.toMatch(/ana@x\.com|tok|Senha1/);
  });
});
