#!/bin/sh
# gen-audio.sh OUTDIR: writes the Ogg Vorbis inputs of the optivorbis-remux workload,
# 8 files of 10 to 40 s, stereo 44.1 kHz, at Vorbis qualities from 0 to 10, about 3.4 MB
# in all. Needs sox and oggenc (Debian: apt-get install sox vorbis-tools).
#
# Deterministic: sox runs with -R (its noise generators and dither take a fixed seed) and
# -D (no dither at all on the 16-bit output), oggenc gets a fixed stream serial (-s; it
# picks a random one otherwise), so the same sox and oggenc versions give the same bytes on
# every run (checked with cmp). Another libvorbis version may encode differently, so the
# benchmark compares its runs on one set of files, not against fixed hashes.
set -eu

[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
out=$1
for tool in sox oggenc; do
    command -v $tool >/dev/null || { echo "$0: $tool not found (apt-get install sox vorbis-tools)" >&2; exit 1; }
done
mkdir -p "$out"

# make NAME QUALITY SYNTH-ARGS...: sox's synth effect -> raw 16-bit stereo PCM -> oggenc.
serial=1000
make() {
    name=$1 quality=$2
    shift 2
    serial=$((serial + 1))
    sox -R -D -n -r 44100 -c 2 -b 16 -e signed -L -t raw - synth "$@" |
        oggenc --quiet --raw --raw-rate=44100 --raw-chan=2 --raw-bits=16 --raw-endianness=0 \
            -q "$quality" -s "$serial" -t "$name" -a limpet-bench -o "$out/$name.ogg" -
}

# A chord, each channel a little detuned from the other.
make chord       3  20 sine 440 sine 442 sine mix 554.4 sine mix 556 sine mix 659.3 sine mix 661 gain -8
# A logarithmic sweep over most of the audible range.
make sweep       5  30 sine 100:8000 sine 120:9000 gain -6
# Pink noise under a sine tone.
make pink-tone   6  25 pinknoise pinknoise sine mix 330 sine mix 331 gain -10
# Quiet white noise under a square wave, at the lowest quality.
make square-hiss 0  10 square 220 square 221 whitenoise mix whitenoise mix gain -14
# Brown noise, slowly amplitude-modulated.
make brown       4  35 brownnoise brownnoise sine amod 0.5 sine amod 0.7 gain -4
# Plucked strings.
make pluck       8  20 pluck 261.6 pluck 329.6 pluck mix 392 pluck mix 523.2 gain -6
# Detuned triangle and sawtooth, long and at a low quality.
make saw-tri     2  40 triangle 110 triangle 110.5 sawtooth mix 165 sawtooth mix 166 gain -12
# White noise and a falling sweep, at the highest quality.
make noise-sweep 10 15 whitenoise whitenoise sine mix 6000:200 sine mix 5000:300 gain -9

ls -l "$out"/*.ogg | awk '{ n++; s += $5 } END { printf "gen-audio: %d files, %d bytes\n", n, s }'
