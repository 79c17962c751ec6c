export const CLI_BUNDLE: string;
export function buildCli(): Promise<void>;
