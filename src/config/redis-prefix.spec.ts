import { describeDatabase, loadConfig, redisPrefixFor } from './app-config.js';

describe('redis prefix', () => {
  it('derives the default from the database name, so two installs sharing one Redis never share keys or channels', () => {
    expect(redisPrefixFor('postgresql://postgres@127.0.0.1:5432/atendechat')).toBe('atendechat');
    expect(redisPrefixFor('postgresql://u:p@db.internal:6543/loja-2')).toBe('loja-2_6543');
    expect(redisPrefixFor('postgresql://postgres@127.0.0.1:5432/a%20b')).toBe('a_b');
    const one = loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/first', DATA_DIR: '/tmp/prefix-test' });
    const two = loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/second', DATA_DIR: '/tmp/prefix-test' });
    expect(one.redisPrefix).not.toBe(two.redisPrefix);
    expect(loadConfig({ REDIS_PREFIX: 'mine', DATA_DIR: '/tmp/prefix-test' }).redisPrefix).toBe('mine');
  });

  it('logs the database without its password', () => {
    expect(describeDatabase('postgresql://postgres:secret@127.0.0.1:54329/atendechat')).toBe('postgresql://postgres:***@127.0.0.1:54329/atendechat');
  });
});
