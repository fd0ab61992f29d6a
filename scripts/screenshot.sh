#!/bin/sh
# Screenshot of a `grundy reproduce` report in headless Chromium: scripts/screenshot.sh DIR
# writes DIR/screenshot.png (1280 pixels wide, the first 4000 pixels of the page).
# Installs chromium with apt-get if it is missing (with sudo when not root).
set -eu
if [ $# -ne 1 ] || [ ! -f "$1/index.html" ]; then
    echo "usage: scripts/screenshot.sh DIR (a directory written by grundy reproduce --out DIR)" >&2
    exit 2
fi
dir=$(cd "$1" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
    browser=$(command -v chromium || command -v chromium-browser)
fi
"$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-dev-shm-usage --hide-scrollbars --window-size=1280,4000 \
    --screenshot="$dir/screenshot.png" "file://$dir/index.html"
echo "wrote $dir/screenshot.png"
