import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { appError } from './app-error.js';
import { asServiceUnavailable, isInfrastructureError, ServiceOutageError } from './infrastructure-error.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const named = (message: string, name: string) => Object.assign(new Error(message), { name });

describe('isInfrastructureError', () => {
  it.each([
    ['a terminated backend (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a crash restart (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a database that cannot connect now (57P03)', withCode('the database system is starting up', '57P03')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a database refusing connections (55000)', withCode('database "x" is not currently accepting connections', '55000')],
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a socket timeout', withCode('connect ETIMEDOUT', 'ETIMEDOUT')],
    ['a broken pipe', withCode('write EPIPE', 'EPIPE')],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['pg timing out on connect', new Error('Connection terminated due to connection timeout')],
    ['a pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['a knex-style acquire timeout', new Error('Knex: Timeout acquiring a connection. The pool is probably full.')],
    ['MikroORM ConnectionException', new ConnectionException(new Error('boom'))],
    ['MikroORM wrapping a terminated backend', new DriverException(withCode('terminating connection due to administrator command', '57P01'))],
    ['ioredis closed', new Error('Connection is closed.')],
    [
      'ioredis out of retries',
      named('Reached the max retries per request limit (which is 3). Refer to "maxRetriesPerRequest" option for details.', 'MaxRetriesPerRequestError'),
    ],
    ['ioredis command timeout', new Error('Command timed out')],
    ['ioredis offline queue off', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['a READONLY replica', named("READONLY You can't write against a read only replica.", 'ReplyError')],
    ['Redis loading its dataset', named('LOADING Redis is loading the dataset in memory', 'ReplyError')],
    ['a cause chain (BullMQ add)', new Error('Queue add failed', { cause: new Error('Connection is closed.') })],
    ['object storage down (its adapter says so)', new ServiceOutageError('storage unavailable', { cause: new Error('503') })],
    ['an AggregateError of refused sockets', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')],
  ])('recognises %s', (_name, error) => {
    expect(isInfrastructureError(error)).toBe(true);
  });

  it.each([
    ['our own errors', appError('ERR_SERVICE_UNAVAILABLE')],
    ['a unique violation', new UniqueConstraintViolationException(withCode('duplicate key value', '23505'))],
    ['a data exception', withCode('invalid input syntax for type integer', '22P02')],
    ['another 55000 (no connection involved)', withCode('currval of sequence "s" is not yet defined in this session', '55000')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a WhatsApp socket closing', new Error('Connection Terminated')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isInfrastructureError(error)).toBe(false);
  });

  it('turns an outage into a 503 ERR_SERVICE_UNAVAILABLE and leaves anything else as it is', () => {
    expect(asServiceUnavailable(new Error('Connection is closed.'))).toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE', status: 503 });
    const bug = new TypeError('bug');
    expect(asServiceUnavailable(bug)).toBe(bug);
  });
});
