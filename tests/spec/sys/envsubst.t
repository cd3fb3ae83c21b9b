=== envsubst: $VAR and ${VAR}, unset is empty, other syntax passes
--- script
export A=1 B='x y' C=
echo 'a=$A b=${B} c=$C d=$D e=${E f=$ g=${} h=$1 i=$_x j=\$A k=${A:-z} l=$$A m=${A}B n=$A_1' | envsubst; echo "[$?]"
printf 'x$A\n$\n${' | envsubst; echo "[$?]"
--- stdout
a=1 b=x y c= d= e=${E f=$ g=${} h=$1 i= j=\1 k=${A:-z} l=$1 m=1B n=
[0]
x1
$
${[0]
--- status: 0

=== envsubst: SHELL-FORMAT restricts the variables
--- script
export A=1 B='x y' C=3
echo '$A $B ${A} ${C}' | envsubst '$A'
echo '$A $B ${C}' | envsubst 'xx${B} $A, ${C'
echo '$A' | envsubst ''
--- stdout
1 $B 1 ${C}
1 x y ${C}
$A
--- status: 0

=== envsubst: -v lists the format's variables
--- script
envsubst -v '$A ${B} $A $_x1 ${bad $C $9'; echo "[$?]"
envsubst --variables 'a$B'
--- stdout
A
B
A
_x1
C
[0]
B
--- status: 0

=== envsubst: argument errors
--- script
envsubst -v; echo "[$?]"
envsubst a b; echo "[$?]"
envsubst -x; echo "[$?]"
--- stdout
[1]
[1]
[1]
--- stderr
envsubst: missing arguments
envsubst: too many arguments
envsubst: invalid option -- 'x'
Try 'envsubst --help' for more information.
--- status: 0

=== envsubst: help and version
--- script
envsubst -h | head -3; envsubst --version | head -1; envsubst -V | tail -1
--- stdout
Usage: envsubst [OPTION] [SHELL-FORMAT]

Substitutes the values of environment variables.
envsubst (GNU gettext-runtime) 0.21
Written by Bruno Haible.
--- status: 0

=== envsubst: a template file
--- file tpl.conf
server {
  listen ${PORT};
  root $ROOT/www;
  # cost: $5, ${PORT
}
--- script
PORT=8080 ROOT=/srv envsubst < tpl.conf
PORT=8080 ROOT=/srv envsubst '$PORT' < tpl.conf
--- stdout
server {
  listen 8080;
  root /srv/www;
  # cost: $5, ${PORT
}
server {
  listen 8080;
  root $ROOT/www;
  # cost: $5, ${PORT
}
--- status: 0
