export declare const MODULES: Record<string, { mutate: string[]; tests: string[] }>;
export declare function selectedModule(): { name: string; mutate: string[]; tests: string[] } | undefined;
