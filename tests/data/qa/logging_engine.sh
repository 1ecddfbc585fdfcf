#!/bin/sh
# A UCI engine for tests: every line sent to it is appended to $MINIMAX_QA_ENGINE_LOG, and
# `$MINIMAX_QA_ENGINE uci` (minimax itself) answers.
tee -a "$MINIMAX_QA_ENGINE_LOG" | "$MINIMAX_QA_ENGINE" uci
