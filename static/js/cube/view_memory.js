// @ts-check
// The lab's chosen view, kept in the browser (storage may be off: then it is not kept).

export function remembered() {
  try {
    return localStorage.getItem("cube-lab-view");
  } catch {
    return null;
  }
}

export function remember(value) {
  try {
    localStorage.setItem("cube-lab-view", value);
  } catch {
    // not kept
  }
}
