// Steps recorded from Rails as one sequence act on the state the earlier ones left. Each step is its own test, and
// a test run alone (`vitest -t`) must still meet the state Rails recorded it in: `inOrder(steps)` gives the function
// a step's test calls first, which runs, unchecked, every earlier step that has not run yet. In a whole run the
// steps run in order and it does nothing. An earlier step that throws here fails its own test, not this one.
export function inOrder(steps: ReadonlyArray<readonly [string, () => unknown]>): (index: number) => void {
  let next = 0;
  return (index) => {
    for (; next < index; next++) {
      try {
        steps[next]![1]();
      } catch {
        // its own test reports it
      }
    }
    next = Math.max(next, index + 1);
  };
}
