import { Type } from '@sinclair/typebox';
import { badRequest, type SqlRunner } from '@cassette/plugin-sdk/server';
import { generateSteps } from '../../shared/generate-test.js';
import type { Test } from '../../shared/model.js';
import { route } from '../deps.js';
import { withExpandedImports } from '../input/test-input.js';
import { findTest, insertTest } from '../store/test-store.js';
import { listVariables, saveVariable } from '../store/variable-store.js';
import { SYNTHETIC_ACCESS } from './access.js';

/** Value a variable made for a masked field starts with: the member puts the real one in. */
export const MASKED_VARIABLE_PLACEHOLDER = 'change-me';

const eventSchema = Type.Object(
  {
    type: Type.String({ maxLength: 20 }),
    key: Type.Optional(Type.String({ maxLength: 100 })),
    url: Type.Optional(Type.String({ maxLength: 4000 })),
    target: Type.Optional(Type.Object({ path: Type.Optional(Type.String({ maxLength: 2000 })), label: Type.Optional(Type.String({ maxLength: 500 })) })),
    targetContent: Type.Optional(Type.String({ maxLength: 2000 })),
    value: Type.Optional(Type.String({ maxLength: 10_000 })),
  },
  // The player sends its events as it holds them: other fields are ignored.
  { additionalProperties: true },
);

async function ensureVariables(run: SqlRunner, projectId: number, names: string[]): Promise<void> {
  const existing = new Set((await listVariables(run, projectId)).map((v) => v.name));
  for (const name of names) if (!existing.has(name)) await saveVariable(run, projectId, null, { name, value: MASKED_VARIABLE_PLACEHOLDER });
}

/**
 * Spec §7 `POST /sessions2/{sessionId}/gentest`: the player sends the session's events (pages,
 * clicks, inputs); the answer is the new test, flagged generated, which the builder opens.
 * Masked inputs become variables (made with a placeholder value when the project lacks them).
 */
export const generateTestRoute = route({
  method: 'POST',
  url: '/sessions2/:sessionId/gentest',
  access: SYNTHETIC_ACCESS,
  summary: "Generate a test from a recorded session's events (payload: events); masked values become variables; answers the saved test",
  schema: {
    params: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }),
    body: Type.Object({ events: Type.Array(eventSchema, { maxItems: 5000 }), name: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }),
  },
  handler: async ({ sql, projectId, caller, params, body }): Promise<Test & { variables: { name: string; label: string }[] }> => {
    const { steps, variables } = generateSteps(body.events);
    if (!steps.some((s) => s.type === 'navigate')) throw badRequest('This session has no page visit to start a test from; choose a session that opened a page.');
    const name = (body.name?.trim() || `Session ${params.sessionId.slice(0, 12)}`).replace(/[^\p{L}\p{M}\p{N}_ :-]/gu, '-');
    await ensureVariables(sql, projectId, variables.map((v) => v.name));
    const testId = await insertTest(sql, projectId, caller.userId, { name, steps, framework: 'any', tags: ['generated'], sessionId: params.sessionId, generated: true });
    return { ...(await withExpandedImports(sql, projectId, (await findTest(sql, projectId, testId))!)), variables };
  },
});
