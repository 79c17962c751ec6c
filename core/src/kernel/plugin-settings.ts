import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import type { ServerPlugin, DepsMap } from '@cassette/plugin-sdk/server';
import { BootError } from '../boot-error.js';

/**
 * A plugin's settings from the config file, with the schema's defaults filled in. A wrong
 * value stops the boot with the plugin, the key and what is wrong, so a self-hoster's typo
 * never runs with a silently ignored setting.
 */
export function validatePluginSettings(plugin: ServerPlugin<DepsMap>, raw: Record<string, unknown>, configFile: string): Readonly<Record<string, unknown>> | undefined {
  const where = `plugins.${plugin.id}.settings in ${configFile}`;
  if (!plugin.settings) {
    const keys = Object.keys(raw);
    if (keys.length > 0) throw new BootError(`Plugin "${plugin.id}" takes no settings, but ${where} sets ${keys.map((k) => `"${k}"`).join(', ')}: remove them`);
    return undefined;
  }
  const schema = plugin.settings.schema;
  const value = Value.Default(schema, structuredClone(raw)) as Record<string, unknown>;
  const unknownKeys = Object.keys(value).filter((key) => !(key in schema.properties));
  if (unknownKeys.length > 0) {
    const known = Object.keys(schema.properties).join(', ');
    throw new BootError(`Plugin "${plugin.id}" has no setting ${unknownKeys.map((k) => `"${k}"`).join(', ')} (${where}); its settings are: ${known}`);
  }
  const problems = [...Value.Errors(schema, value)].map((error) => {
    const key = error.path.replace(/^\//, '').replace(/\//g, '.') || '(settings)';
    return `"${key}" ${describe(error.schema, error.message)} (got ${JSON.stringify(error.value) ?? 'nothing'})`;
  });
  if (problems.length > 0) throw new BootError(`Plugin "${plugin.id}" has invalid settings in ${where}: ${problems.join('; ')}`);
  return Object.freeze(value);
}

/** TypeBox's message plus the schema's own description, which says what the value is for. */
function describe(schema: TSchema, message: string): string {
  const text = message.charAt(0).toLowerCase() + message.slice(1);
  return typeof schema.description === 'string' ? `${text} — ${schema.description}` : text;
}
