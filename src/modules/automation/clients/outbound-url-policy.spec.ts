import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../../config/app-config.js';
import { isPrivateAddress, OutboundUrlPolicy } from './outbound-url-policy.js';

const policy = (allowPrivateNetworks: boolean) => new OutboundUrlPolicy({ automation: { allowPrivateNetworks } } as AppConfig);

describe('OutboundUrlPolicy', () => {
  it('knows the private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(address)).toBe(true);
    }
    for (const address of ['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888']) expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses private targets and other schemes when private networks are off', async () => {
    const strict = policy(false);
    for (const url of [
      'http://127.0.0.1:5678/webhook',
      'http://localhost/hook',
      'http://[::1]/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.8/',
    ]) {
      await expect(strict.check(url)).rejects.toThrow('private network');
    }
    await expect(strict.check('file:///etc/passwd')).rejects.toThrow('Only http and https');
    await expect(strict.check('not a url')).rejects.toThrow('Not a valid address');
    await expect(strict.check('https://8.8.8.8/hook')).resolves.toBeUndefined();
  });

  it('lets a self-hosted service on the same network through when the install allows it', async () => {
    await expect(policy(true).check('http://127.0.0.1:5678/webhook')).resolves.toBeUndefined();
    await expect(policy(true).check('gopher://127.0.0.1/')).rejects.toThrow('Only http and https');
  });
});
