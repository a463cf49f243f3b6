export { parsePhrase, DEFAULT_HORIZON_MS, type PhraseOptions, type PhraseReading } from "./parse-phrase.js";
export { LANGS, type Lang } from "./grammar.js";
