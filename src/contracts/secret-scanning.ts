// Leak reports of a secret-scanning program, in GitHub's partner-program format: the matches it found in public, and
// our answer for each, whether it was a real credential of ours.
import { z } from 'zod';

/** Matches one report may carry (GitHub batches several into one request). */
export const MAX_REPORTED_TOKENS = 1000;

export const LeakedTokenMatch = z.object({
  token: z.string().min(1).max(512),
  /** The program's name for the pattern that matched (one per token kind we registered). */
  type: z.string().min(1).max(200),
  /** Where the match was found; GitHub leaves it empty for some sources. */
  url: z.string().max(2048).optional(),
  /** Which kind of content held it: `content`, `commit`, `issue_comment`, `npm`, … */
  source: z.string().max(100).optional(),
});
export type LeakedTokenMatch = z.infer<typeof LeakedTokenMatch>;

export const SecretScanningReport = z
  .array(LeakedTokenMatch)
  .min(1)
  .max(MAX_REPORTED_TOKENS)
  .meta({ id: 'SecretScanningReport' });
export type SecretScanningReport = z.infer<typeof SecretScanningReport>;

export const SECRET_SCANNING_LABELS = { truePositive: 'true_positive', falsePositive: 'false_positive' } as const;
export type SecretScanningLabel = (typeof SECRET_SCANNING_LABELS)[keyof typeof SECRET_SCANNING_LABELS];

/** GitHub's false-positive feedback format: one entry per reported match, in order. */
export const LeakedTokenVerdict = z.object({
  token_raw: z.string(),
  token_type: z.string(),
  label: z.enum([SECRET_SCANNING_LABELS.truePositive, SECRET_SCANNING_LABELS.falsePositive]),
});
export type LeakedTokenVerdict = z.infer<typeof LeakedTokenVerdict>;

export const SecretScanningReportAnswer = z.array(LeakedTokenVerdict).meta({ id: 'SecretScanningReportAnswer' });
export type SecretScanningReportAnswer = z.infer<typeof SecretScanningReportAnswer>;
