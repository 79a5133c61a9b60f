import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseRequest } from './http-error.ts';
import { checkedJsonSerializerCompiler, jsonSerializerCompiler, schemaValidationMessage } from './route-schemas.ts';

const answer = z.object({ id: z.string(), at: z.iso.datetime() });
const route = { schema: answer, method: 'GET', url: '/api/things/:id', httpStatus: '200' };

describe('jsonSerializerCompiler (production)', () => {
  it('writes the answer as JSON.stringify does, whatever its schema says: nothing dropped, nothing refused', () => {
    const sent = { id: 7, extra: 'kept', at: new Date('2026-01-02T03:04:05Z') };
    expect(jsonSerializerCompiler()(sent)).toBe(JSON.stringify(sent));
  });
});

describe('checkedJsonSerializerCompiler (tests)', () => {
  it('writes the same JSON for an answer that matches its schema once sent (a Date becomes its ISO text)', () => {
    const sent = { id: 'a1', at: new Date('2026-01-02T03:04:05Z'), extra: true };
    expect(checkedJsonSerializerCompiler(route)(sent)).toBe(JSON.stringify(sent));
  });

  it('throws, naming the route and the field, when the answer does not match', () => {
    expect(() => checkedJsonSerializerCompiler(route)({ id: 1, at: 'yesterday' })).toThrow(
      /200 answer of GET \/api\/things\/:id.*id/s,
    );
  });

  it('leaves answers documented by content type (files, pages) unchecked', () => {
    const serialize = checkedJsonSerializerCompiler({ ...route, schema: { description: 'a file', content: {} } });
    expect(serialize({ anything: 1 })).toBe('{"anything":1}');
  });
});

describe('schemaValidationMessage', () => {
  const body = z.object({
    email: z.email({ error: 'email must be an e-mail address' }),
    name: z.string({ error: 'name is required' }),
    nickname: z.string({ error: 'name is required' }),
  });

  it('gives the sentence parseRequest gives for the same input', () => {
    const input = { email: 'nope' };
    const validation = validatorCompiler({ schema: body, method: 'POST', url: '/x', httpPart: 'body' })(input) as {
      error?: unknown;
    };
    expect(validation.error).toBeDefined();
    const error = Object.assign(new Error('body/email invalid'), { validation: validation.error });
    let expected = '';
    try {
      parseRequest(body, input);
    } catch (refused) {
      expected = (refused as Error).message;
    }
    expect(expected).toBe('email must be an e-mail address; name is required');
    expect(schemaValidationMessage(error)).toBe(expected);
  });

  it('is null for any other error', () => {
    expect(schemaValidationMessage(new Error('boom'))).toBeNull();
    expect(schemaValidationMessage(Object.assign(new Error('x'), { validation: [{ message: 'ajv' }] }))).toBeNull();
  });
});
