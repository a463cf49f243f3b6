/** Region, endpoint and (for a local emulator only) credentials for an AWS SDK v3 client. */
export interface AwsEndpoint {
  region: string;
  /** A local emulator or a VPC endpoint; absent = the region's public AWS endpoint. */
  endpoint?: string | undefined;
}

const LOOPBACK = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/i;

/**
 * Client options. A loopback endpoint with no AWS credentials in the environment gets dummy
 * ones (DynamoDB Local and fauxqs accept any); otherwise the SDK's default provider chain
 * applies, so real credentials are never invented or read here.
 */
export function awsClientConfig(target: AwsEndpoint, env: Record<string, string | undefined> = process.env) {
  const local = target.endpoint !== undefined && LOOPBACK.test(target.endpoint) && !env.AWS_ACCESS_KEY_ID && !env.AWS_PROFILE;
  return {
    region: target.region,
    ...(target.endpoint !== undefined && { endpoint: target.endpoint }),
    ...(local && { credentials: { accessKeyId: "local", secretAccessKey: "local" } }),
  };
}
