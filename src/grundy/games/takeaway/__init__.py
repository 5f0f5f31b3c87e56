"""Take-away games on heaps: Nim, subtraction and all-but games, Bash, Moore's Nim_k, staircase
Nim, Wythoff's game and Fibonacci Nim."""
