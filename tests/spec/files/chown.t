=== chown: keeping one's own owner and group succeeds
--- non-root
--- script
echo x > f; U=$(id -un) G=$(id -gn); chown "$U" f; echo $?; chown "$U:$G" f; echo $?; chown ":$G" f; echo $?; chown "$U:" f; echo $?; chown "$(id -u)" f; echo $?; chown "$(id -u):$(id -g)" f; echo $?; chgrp "$G" f; echo $?; chgrp "$(id -g)" f; echo $?; chown "" f; echo $?; chown : f; echo $?
--- stdout
0
0
0
0
0
0
0
0
0
0

=== chown: verbose
--- non-root
--- script
echo x > f; mkdir d; echo y > d/g; U=$(id -un) G=$(id -gn); { chown -v "$U" f; chown -v "$U:$G" f; chown -v ":$G" f; chown -v "$U:" f; chown -v $(id -u) f; chown -v "" f; chown -v : f; chgrp -v "$G" f; chgrp -v $(id -g) f; chown -c "$U" f; chgrp -c "$G" f; chown -Rv "$U" d; chgrp -Rv "$G" d; chown -v --reference=f d; chgrp -v --reference=f d; } 2>&1 | sed "s/$U/N/g; s/$G/N/g"
--- stdout
ownership of 'f' retained as N
ownership of 'f' retained as N:N
ownership of 'f' retained as N:N
ownership of 'f' retained as N:N
ownership of 'f' retained as N
ownership of 'f' retained
ownership of 'f' retained
group of 'f' retained as N
group of 'f' retained as N
ownership of 'd/g' retained as N
ownership of 'd' retained as N
group of 'd/g' retained as N
group of 'd' retained as N
ownership of 'd' retained as N:N
group of 'd' retained as N

=== chown: another owner is not permitted
--- non-root
--- script
echo x > f; U=$(id -un) G=$(id -gn); { chown root f; echo $?; chown -v root f; echo $?; chown -v 12345 f; echo $?; chown -v "$U:root" f; echo $?; chown -v ":root" f; echo $?; chgrp -v root f; echo $?; chgrp -v 4242 f; echo $?; chown -f root f; echo $?; chown -c root f; echo $?; chown -v root: f; echo $?; chown -v --from=root root f; echo $?; } 2>&1 | sed "s/$U/N/g; s/$G/N/g"
--- stdout
chown: changing ownership of 'f': Operation not permitted
1
chown: changing ownership of 'f': Operation not permitted
failed to change ownership of 'f' from N to root
1
chown: changing ownership of 'f': Operation not permitted
failed to change ownership of 'f' from N to 12345
1
chown: changing ownership of 'f': Operation not permitted
failed to change ownership of 'f' from N:N to N:root
1
chown: changing group of 'f': Operation not permitted
failed to change ownership of 'f' from N:N to :root
1
chgrp: changing group of 'f': Operation not permitted
failed to change group of 'f' from N to root
1
chgrp: changing group of 'f': Operation not permitted
failed to change group of 'f' from N to 4242
1
1
chown: changing ownership of 'f': Operation not permitted
1
chown: changing ownership of 'f': Operation not permitted
failed to change ownership of 'f' from N:N to root:root
1
ownership of 'f' retained as N
0

=== chown: bad users and operands
--- non-root
--- script
echo x > f; chown bob f; echo $?; chown "$(id -un):bob" f 2>&1 | sed "s/$(id -un)/U/"; echo $?; chgrp bob f; echo $?; chown; echo $?; chown root; echo $?; chgrp; echo $?; chgrp x; echo $?; chown root nofile; echo $?; chown -v --reference=nof f; echo $?; chown 4242: f; echo $?; chown -- -1 f; echo $?; chown 99999999999 f; echo $?; chown a:b:c f; echo $?; chgrp --from=x root f; echo $?; chown -f bob f; echo $?
--- stdout
1
chown: invalid group: ‘U:bob’
0
1
1
1
1
1
1
1
1
1
1
1
1
1
--- stderr
chown: invalid user: ‘bob’
chgrp: invalid group: ‘bob’
chown: missing operand
Try 'chown --help' for more information.
chown: missing operand after ‘root’
Try 'chown --help' for more information.
chgrp: missing operand
Try 'chgrp --help' for more information.
chgrp: missing operand after ‘x’
Try 'chgrp --help' for more information.
chown: cannot access 'nofile': No such file or directory
chown: failed to get attributes of 'nof': No such file or directory
chown: invalid spec: ‘4242:’
chown: invalid user: ‘-1’
chown: invalid user: ‘99999999999’
chown: invalid user: ‘a:b:c’
chgrp: unrecognized option '--from=x'
Try 'chgrp --help' for more information.
chown: invalid user: ‘bob’

=== chown: dot separator
--- non-root
--- script
echo x > f; U=$(id -un) G=$(id -gn); chown -v "$U.$G" f 2>&1 | sed "s/$U/N/g; s/$G/N/g"
--- stdout
chown: warning: '.' should be ':': ‘N.N’
ownership of 'f' retained as N:N

=== chown: symlinks and -h
--- non-root
--- script
echo x > f; ln -s f l; ln -s nowhere dang; U=$(id -un); { chown -v "$U" l; chown -hv "$U" l; chown "$U" dang; echo $?; chown -hv "$U" dang; echo $?; mkdir d; ln -s ../f d/l; chown -Rv "$U" d; } 2>&1 | sed "s/$U/N/g"
--- stdout
ownership of 'l' retained as N
ownership of 'l' retained as N
chown: cannot dereference 'dang': No such file or directory
1
ownership of 'dang' retained as N
0
ownership of 'd/l' retained as N
ownership of 'd' retained as N

=== chown: verbose on missing files
--- non-root
--- script
U=$(id -un); { chown -v "$U" nofile; chgrp -v "$(id -gn)" nofile; chown -v "" nofile; chown -Rv "$U" nofile; } 2>&1 | sed "s/$U/N/g; s/$(id -gn)/N/g"
--- stdout
chown: cannot access 'nofile': No such file or directory
failed to change ownership of 'nofile' to N
chgrp: cannot access 'nofile': No such file or directory
failed to change group of 'nofile' to N
chown: cannot access 'nofile': No such file or directory
failed to change ownership of 'nofile'
chown: cannot access 'nofile': No such file or directory
failed to change ownership of 'nofile' to N
