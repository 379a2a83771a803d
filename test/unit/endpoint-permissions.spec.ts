import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { AppModule } from '../../src/app.module.js';
import { ANY_USER, IS_PUBLIC, PLAN_FLAG, POLICY, type PolicyRequirement } from '../../src/common/decorators/access.decorators.js';
import { loadConfig } from '../../src/config/app-config.js';
import { UNPREFIXED_ROUTES } from '../../src/configure-app.js';

interface DynamicLike {
  module: Type<unknown>;
  imports?: unknown[];
  controllers?: Type<unknown>[];
}

/** Walks the module tree from AppModule and yields every controller class once. */
function collectControllers(root: unknown, seen = new Set<unknown>()): Type<unknown>[] {
  if (!root || root instanceof Promise || seen.has(root)) return [];
  seen.add(root);
  const dynamic = typeof root === 'object' && 'module' in root ? (root as DynamicLike) : null;
  const moduleClass = dynamic ? dynamic.module : (root as Type<unknown>);
  const imports: unknown[] = [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) ?? []), ...(dynamic?.imports ?? [])];
  const controllers: Type<unknown>[] = [...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) ?? []), ...(dynamic?.controllers ?? [])];
  return [...controllers, ...imports.flatMap((m) => collectControllers(m, seen))];
}

function describeAccess(handler: object, controller: object): string {
  const read = <T>(key: string) => (Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller)) as T | undefined;
  const plan = read<string>(PLAN_FLAG);
  const policy = read<PolicyRequirement>(POLICY);
  const base = read<boolean>(IS_PUBLIC) ? 'public' : policy ? `${policy.action} ${policy.subject}` : read<boolean>(ANY_USER) ? 'any user' : 'UNDECLARED';
  return plan ? `${base} [plan ${plan}]` : base;
}

describe('endpoint permissions', () => {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), JWT_REFRESH_SECRET: 'y'.repeat(32) });
  const controllers = [...new Set(collectControllers(AppModule.forRoot(config)))];
  const lines = controllers.flatMap((controller) => {
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    return Object.getOwnPropertyNames(controller.prototype)
      .filter((name) => name !== 'constructor')
      .map((name) => controller.prototype[name] as object)
      .filter((handler) => typeof handler === 'function' && Reflect.getMetadata(PATH_METADATA, handler) !== undefined)
      .flatMap((handler) => {
        const methodCode = Reflect.getMetadata(METHOD_METADATA, handler) as number;
        const method = RequestMethod[methodCode];
        // One handler may serve several paths (`@Get(['', 'all'])`): a line each.
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        return paths.map((own) => {
          const route = [prefix, own]
            .join('/')
            .replace(/\/+/g, '/')
            .replace(/^\/|\/$/g, '');
          // The path as served: under /api unless the app excludes it from the prefix.
          const unprefixed = UNPREFIXED_ROUTES.some((r) => r.path === route && r.method === methodCode);
          const path = `${unprefixed ? '' : '/api'}/${route}`.replace(/\/$/, '');
          return `${method} ${path} -> ${describeAccess(handler, controller)}`;
        });
      });
  });

  it('declares a policy, @AnyUser() or @Public() on every handler', () => {
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => line.endsWith('UNDECLARED'))).toEqual([]);
  });

  it('matches the reviewed permission table', () => {
    expect(lines.sort().join('\n')).toMatchSnapshot();
  });
});
