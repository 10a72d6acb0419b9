import "server-only";

interface AttemptView<S> {
  id: string;
  attemptStatus: S;
  remainingTimeInSeconds: number | null;
  endsAt: string | null;
  isChallengeLocked: boolean;
  totalScore: number;
  obtainedScore: number | null;
}

/** The state calls' answer (/mcqBlockState, /essayBlockState): a challenge's attempt without its content. */
export function attemptState<S>(view: AttemptView<S>) {
  return {
    attemptStatus: view.attemptStatus,
    remainingTimeInSeconds: view.remainingTimeInSeconds,
    endsAt: view.endsAt,
    isChallengeLocked: view.isChallengeLocked,
    totalScore: view.totalScore,
    obtainedScore: view.obtainedScore,
  };
}
