// Copy buttons for a new key's secret. The Clipboard API needs a secure context (HTTPS or
// localhost); elsewhere the text is selected and copied the older way.
for (const button of document.querySelectorAll('[data-copy-from]')) {
  button.addEventListener('click', async () => {
    const input = document.getElementById(button.dataset.copyFrom);
    const status = button.parentElement.querySelector('.copy-status');
    let copied = false;
    try {
      await navigator.clipboard.writeText(input.value);
      copied = true;
    } catch {
      input.select();
      copied = document.execCommand('copy');
    }
    status.textContent = copied ? 'Copied.' : 'Select the key and press Ctrl+C (⌘C) to copy it.';
  });
}
